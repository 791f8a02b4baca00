import { join } from 'node:path'
import { z } from 'zod'
import {
  webhookEnvelope,
  type QueuedWebhook,
  type SetAsidePage,
  type WebhookEnvelope,
} from '../../../src-shared/bridge/contract'
import type { Logger } from '../../logging/logger'
import { JsonlFile } from './jsonl-file'
import { DEFAULT_SEEN_ID_LIMITS, SeenIds } from './seen-ids'

const QUEUE_FILE_NAME = 'webhook-queue.jsonl'

const seq = z.number().int().nonnegative()

/** The lines of the queue file: events and acknowledgements as they happen, and after a
 * compaction a header with the next seq and the envelope ids still remembered for dedupe. */
const journalRecord = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('meta'),
    v: z.literal(1),
    nextSeq: seq,
    lastReceivedAt: z.string().nullable().default(null),
  }),
  z.object({ t: z.literal('seen'), ids: z.array(z.tuple([z.string(), z.number()])) }),
  z.object({
    t: z.literal('event'),
    seq,
    key: z.string(),
    receivedAt: z.string(),
    profileId: z.string().nullable(),
    envelope: webhookEnvelope,
  }),
  z.object({ t: z.literal('ack'), seqs: z.array(seq) }),
  z.object({
    t: z.literal('aside'),
    seq,
    reason: z.string(),
    at: z.string(),
    /** The oldest set-aside events this one pushed out of the store (counted by reason). */
    drop: z.array(seq).default([]),
  }),
  z.object({ t: z.literal('retry'), seqs: z.array(seq) }),
  /** After a compaction: how many set-aside events were let go, by reason. */
  z.object({ t: z.literal('dropped'), counts: z.array(z.tuple([z.string(), z.number().int()])) }),
])
type JournalRecord = z.infer<typeof journalRecord>

export interface WebhookQueueOptions {
  /** Compact once this many bytes of the file are acknowledged events (and at least half). */
  compactAfterBytes?: number
  /** How many set-aside events are kept, and in how many bytes at most; older ones are counted. */
  setAsideLimit?: SetAsideLimit
}

export interface SetAsideLimit {
  events: number
  bytes: number
}

/**
 * Enough set-aside events to see what goes wrong, few enough that a flood of events that cannot
 * be applied (signed, but broken) cannot fill the disk, the memory or the Problems screen.
 */
const DEFAULT_SET_ASIDE_LIMIT: SetAsideLimit = { events: 1000, bytes: 8 * 1024 * 1024 }

/** Distinct reasons counted for events let go; any further reason is counted under this one. */
const MAX_DROPPED_REASONS = 50
const OTHER_REASONS = 'Other reasons'
/** A reason is counted by its first characters (they say what went wrong; the rest is detail). */
const REASON_KEY_CHARS = 300

export interface IncomingWebhook {
  /** The dedupe key: the same event redelivered has the same key. */
  key: string
  profileId: string | null
  envelope: WebhookEnvelope
  receivedAt: Date
}

export type EnqueueResult = { duplicate: false; seq: number } | { duplicate: true }

interface Entry {
  webhook: QueuedWebhook
  key: string
  bytes: number
  /** Times handed out to be applied since it was queued (or retried), in this run of main. */
  attempts: number
}

interface AsideEntry extends Entry {
  reason: string
  at: string
  /** The bytes of its `aside` line, dead once it is retried or dismissed. */
  asideBytes: number
}

/**
 * An event handed out this often without an outcome (the window crashed or closed on it each
 * time) is set aside, so it cannot hold the events behind it.
 */
const MAX_ATTEMPTS = 5

const SEEN_IDS_PER_LINE = 1000

function lineBytes(line: string): number {
  return Buffer.byteLength(line) + 1
}

/**
 * The durable queue between the receiver and the renderer, in one append-only file in the data
 * folder. An event is on disk before `enqueue` resolves (and so before the service gets its 2xx);
 * it stays pending until acknowledged, across restarts. `take` only looks: events taken and not
 * acknowledged (the window reloaded mid-way) are taken again.
 */
export class WebhookQueue {
  private readonly entries = new Map<number, Entry>()
  /** Events that could not be applied, with the reason: the dead letters. */
  private readonly aside = new Map<number, AsideEntry>()
  /** Acknowledgements on their way to disk: already invisible, restored if the write fails. */
  private readonly acking = new Set<number>()
  private readonly writing = new Map<string, Promise<void>>()
  private readonly seen = new SeenIds(DEFAULT_SEEN_ID_LIMITS)
  private readonly compactAfterBytes: number
  private readonly setAsideLimit: SetAsideLimit
  /** Set-aside events let go to keep within the limit, counted by reason. */
  private readonly dropped = new Map<string, number>()
  private asideBytes = 0
  private nextSeq = 1
  private deadBytes = 0
  private compacting = false
  private lastReceived: string | null = null

  private constructor(
    private readonly journal: JsonlFile,
    private readonly log: Logger,
    options: WebhookQueueOptions,
  ) {
    this.compactAfterBytes = options.compactAfterBytes ?? 1024 * 1024
    this.setAsideLimit = options.setAsideLimit ?? DEFAULT_SET_ASIDE_LIMIT
  }

  static async open(
    dataDir: string,
    log: Logger,
    options: WebhookQueueOptions = {},
  ): Promise<WebhookQueue> {
    const { file: journal, lines } = await JsonlFile.open(join(dataDir, QUEUE_FILE_NAME), log)
    const queue = new WebhookQueue(journal, log, options)
    queue.replay(lines)
    queue.compactIfWorthIt()
    return queue
  }

  /** Resolves once the event is on disk; a redelivery of a known event is not stored again. */
  async enqueue(incoming: IncomingWebhook): Promise<EnqueueResult> {
    const earlier = this.writing.get(incoming.key)
    if (earlier) {
      await earlier
      return { duplicate: true }
    }
    if (this.seen.has(incoming.key)) return { duplicate: true }
    const webhook: QueuedWebhook = {
      seq: this.nextSeq++,
      receivedAt: incoming.receivedAt.toISOString(),
      profileId: incoming.profileId,
      envelope: incoming.envelope,
    }
    const line = JSON.stringify({ t: 'event', key: incoming.key, ...webhook })
    // Memory changes in the same turn as the append, so a compaction snapshot matches the file.
    this.entries.set(webhook.seq, {
      webhook,
      key: incoming.key,
      bytes: lineBytes(line),
      attempts: 0,
    })
    this.seen.remember(incoming.key, incoming.receivedAt.getTime())
    const written = this.journal.append(line)
    this.writing.set(incoming.key, written)
    try {
      await written
    } catch (error) {
      this.entries.delete(webhook.seq)
      this.seen.forget(incoming.key)
      throw error
    } finally {
      this.writing.delete(incoming.key)
    }
    this.lastReceived = webhook.receivedAt
    return { duplicate: false, seq: webhook.seq }
  }

  /** The oldest pending events, in seq order (retried ones after those queued meanwhile). */
  take(max: number): QueuedWebhook[] {
    const out: QueuedWebhook[] = []
    for (const entry of this.visible()) {
      if (out.length >= max) break
      out.push(entry.webhook)
    }
    return out
  }

  private *visible(): Generator<Entry> {
    for (const [seq, entry] of this.entries) if (!this.acking.has(seq)) yield entry
  }

  private unaside(entry: AsideEntry): Entry {
    return { webhook: entry.webhook, key: entry.key, bytes: entry.bytes, attempts: 0 }
  }

  /**
   * The oldest pending events, to be applied, each counted as an attempt. Once an event was handed
   * out without an outcome, events go one at a time until the one that fails is found; an event
   * handed out MAX_ATTEMPTS times is set aside instead.
   */
  async takeToApply(max: number): Promise<QueuedWebhook[]> {
    for (;;) {
      const head = this.visible().next().value
      if (!head) return []
      if (head.attempts >= MAX_ATTEMPTS) {
        await this.setAside(
          head.webhook.seq,
          `Till started applying this event ${MAX_ATTEMPTS} times and stopped before finishing each time (the window closed or failed on it).`,
        )
        continue
      }
      const batch = head.attempts > 0 ? [head.webhook] : this.take(max)
      for (const webhook of batch) {
        const entry = this.entries.get(webhook.seq)
        if (entry) entry.attempts++
      }
      return batch
    }
  }

  /** Events handed out but not applied for a reason not their own: that attempt does not count. */
  release(seqs: readonly number[]): void {
    for (const s of new Set(seqs)) {
      const entry = this.entries.get(s)
      if (entry) entry.attempts = Math.max(0, entry.attempts - 1)
    }
  }

  /**
   * Moves a pending event out of the queue into the set-aside events, with the reason it could not
   * be applied; it stays there, on disk, until retried or dismissed. Unknown seqs are ignored.
   */
  async setAside(seq: number, reason: string): Promise<number> {
    const entry = this.entries.get(seq)
    if (!entry || this.acking.has(seq)) return this.pending()
    const at = new Date().toISOString()
    const drop = this.oldestBeyondLimit(entry.bytes)
    const line = JSON.stringify({ t: 'aside', seq, reason, at, drop })
    // Out of the queue in the same turn as the append, so a compaction snapshot matches the file.
    this.entries.delete(seq)
    const dropped = drop.map((s) => this.aside.get(s) as AsideEntry)
    for (const old of dropped) this.unkeep(old)
    this.keep(seq, { ...entry, reason, at, asideBytes: lineBytes(line) })
    try {
      await this.journal.append(line)
    } catch (error) {
      this.unkeep(this.aside.get(seq) as AsideEntry)
      this.entries.set(seq, entry)
      for (const old of dropped) this.keep(old.webhook.seq, old)
      throw error
    }
    for (const old of dropped) {
      this.count(old.reason, 1)
      this.deadBytes += old.bytes + old.asideBytes
    }
    if (dropped.length > 0) this.compactIfWorthIt()
    return this.pending()
  }

  /**
   * The set-aside events older than `before` (all, without it), newest first, `limit` at most;
   * how many are kept in all, and how many more were let go, by reason.
   */
  setAsidePage(before: number | null, limit: number): SetAsidePage {
    const older = [...this.aside.values()].filter(
      (entry) =>
        !this.acking.has(entry.webhook.seq) && (before === null || entry.webhook.seq < before),
    )
    older.sort((a, b) => b.webhook.seq - a.webhook.seq)
    const page = older.slice(0, limit)
    return {
      events: page.map((entry) => ({
        ...entry.webhook,
        reason: entry.reason,
        setAsideAt: entry.at,
      })),
      kept: this.setAsideCount(),
      olderThanPage: older.length > limit,
      dropped: [...this.dropped].map(([reason, count]) => ({ reason, count })),
    }
  }

  setAsideCount(): number {
    let acking = 0
    for (const s of this.acking) if (this.aside.has(s)) acking++
    return this.aside.size - acking
  }

  /** The oldest set-aside events to let go so that one more of `bytes` stays within the limit. */
  private oldestBeyondLimit(bytes: number): number[] {
    const drop: number[] = []
    let count = this.aside.size + 1
    let total = this.asideBytes + bytes
    for (const [s, entry] of this.aside) {
      if (count <= this.setAsideLimit.events && total <= this.setAsideLimit.bytes) break
      if (this.acking.has(s)) continue
      drop.push(s)
      count--
      total -= entry.bytes
    }
    return drop
  }

  private keep(seq: number, entry: AsideEntry): void {
    this.aside.set(seq, entry)
    this.asideBytes += entry.bytes
  }

  private unkeep(entry: AsideEntry): void {
    if (this.aside.delete(entry.webhook.seq)) this.asideBytes -= entry.bytes
  }

  private count(reason: string, n: number): void {
    let key = reason.slice(0, REASON_KEY_CHARS)
    if (!this.dropped.has(key) && this.dropped.size >= MAX_DROPPED_REASONS) key = OTHER_REASONS
    this.dropped.set(key, (this.dropped.get(key) ?? 0) + n)
  }

  /** Puts set-aside events back at the end of the queue, to be applied again. */
  async retry(seqs: readonly number[]): Promise<number> {
    const fresh = [...new Set(seqs)].filter((s) => this.aside.has(s) && !this.acking.has(s))
    if (fresh.length === 0) return this.pending()
    const line = JSON.stringify({ t: 'retry', seqs: fresh })
    const moved = fresh.map((s) => this.aside.get(s) as AsideEntry)
    for (const entry of moved) {
      this.unkeep(entry)
      this.entries.set(entry.webhook.seq, this.unaside(entry))
    }
    try {
      await this.journal.append(line)
    } catch (error) {
      for (const entry of moved) {
        this.entries.delete(entry.webhook.seq)
        this.keep(entry.webhook.seq, entry)
      }
      throw error
    }
    for (const entry of moved) this.deadBytes += entry.asideBytes
    this.deadBytes += lineBytes(line)
    return this.pending()
  }

  /**
   * Acknowledged events, pending or set aside, are gone for good once this resolves; unknown seqs
   * are ignored.
   */
  async ack(seqs: readonly number[]): Promise<number> {
    const fresh = [...new Set(seqs)].filter(
      (s) => (this.entries.has(s) || this.aside.has(s)) && !this.acking.has(s),
    )
    if (fresh.length === 0) return this.pending()
    for (const s of fresh) this.acking.add(s)
    const line = JSON.stringify({ t: 'ack', seqs: fresh })
    try {
      await this.journal.append(line)
    } finally {
      for (const s of fresh) this.acking.delete(s)
    }
    for (const s of fresh) {
      const aside = this.aside.get(s)
      this.deadBytes += aside ? aside.bytes + aside.asideBytes : (this.entries.get(s)?.bytes ?? 0)
      this.entries.delete(s)
      if (aside) this.unkeep(aside)
    }
    this.deadBytes += lineBytes(line)
    this.compactIfWorthIt()
    return this.pending()
  }

  pending(): number {
    let acking = 0
    for (const s of this.acking) if (this.entries.has(s)) acking++
    return this.entries.size - acking
  }

  /** When the newest event still known was received. */
  lastReceivedAt(): string | null {
    return this.lastReceived
  }

  close(): Promise<void> {
    return this.journal.close()
  }

  private replay(lines: string[]): void {
    let unreadable = 0
    let headerBytes = 0
    for (const line of lines) {
      const record = safeParseLine(line)
      if (!record) {
        unreadable++
        continue
      }
      if (record.t === 'meta' || record.t === 'seen' || record.t === 'dropped')
        headerBytes += lineBytes(line)
      this.apply(record, lineBytes(line))
    }
    let liveBytes = headerBytes
    for (const entry of this.entries.values()) liveBytes += entry.bytes
    for (const entry of this.aside.values()) liveBytes += entry.bytes + entry.asideBytes
    this.deadBytes = this.journal.size - liveBytes
    if (unreadable > 0)
      this.log.warn('skipped unreadable lines in the webhook queue', { lines: unreadable })
  }

  private apply(record: JournalRecord, bytes: number): void {
    switch (record.t) {
      case 'meta':
        this.nextSeq = Math.max(this.nextSeq, record.nextSeq)
        this.lastReceived = record.lastReceivedAt ?? this.lastReceived
        return
      case 'seen':
        for (const [key, atMs] of record.ids) this.seen.remember(key, atMs)
        return
      case 'event': {
        const { t: _t, key, ...webhook } = record
        this.nextSeq = Math.max(this.nextSeq, record.seq + 1)
        this.lastReceived = record.receivedAt
        // A line written twice (or an event stored twice) is applied once.
        if (this.seen.has(key)) return
        this.entries.set(record.seq, { webhook, key, bytes, attempts: 0 })
        this.seen.remember(key, Date.parse(record.receivedAt) || Date.now())
        return
      }
      case 'ack':
        for (const s of record.seqs) {
          this.entries.delete(s)
          const aside = this.aside.get(s)
          if (aside) this.unkeep(aside)
        }
        return
      case 'aside': {
        for (const s of record.drop) {
          const old = this.aside.get(s)
          if (!old) continue
          this.unkeep(old)
          this.count(old.reason, 1)
        }
        const entry = this.entries.get(record.seq)
        if (!entry) return
        this.entries.delete(record.seq)
        this.keep(record.seq, { ...entry, reason: record.reason, at: record.at, asideBytes: bytes })
        return
      }
      case 'retry':
        for (const s of record.seqs) {
          const entry = this.aside.get(s)
          if (!entry) continue
          this.unkeep(entry)
          this.entries.set(s, this.unaside(entry))
        }
        return
      case 'dropped':
        for (const [reason, n] of record.counts) this.count(reason, n)
        return
    }
  }

  private compactIfWorthIt(): void {
    if (this.compacting || this.deadBytes < this.compactAfterBytes) return
    if (this.deadBytes * 2 < this.journal.size) return
    this.compacting = true
    let deadAtSnapshot = 0
    this.journal
      .rewrite(() => {
        deadAtSnapshot = this.deadBytes
        return this.snapshot()
      })
      .then(
        () => (this.deadBytes = Math.max(0, this.deadBytes - deadAtSnapshot)),
        () => undefined, // the journal has logged it; the next acknowledgement tries again
      )
      .finally(() => (this.compacting = false))
  }

  /** The file as it would be if written afresh: header, remembered ids, pending and set-aside
   * events. */
  private snapshot(): string[] {
    const visible = [...this.entries].filter(([s]) => !this.acking.has(s))
    const aside = [...this.aside.values()].filter((e) => !this.acking.has(e.webhook.seq))
    const pendingKeys = new Set([
      ...visible.map(([, entry]) => entry.key),
      ...aside.map((e) => e.key),
    ])
    const remembered = this.seen.entries(Date.now()).filter(([key]) => !pendingKeys.has(key))
    const meta = { t: 'meta', v: 1, nextSeq: this.nextSeq, lastReceivedAt: this.lastReceived }
    const lines = [JSON.stringify(meta)]
    if (this.dropped.size > 0)
      lines.push(JSON.stringify({ t: 'dropped', counts: [...this.dropped] }))
    for (let i = 0; i < remembered.length; i += SEEN_IDS_PER_LINE)
      lines.push(JSON.stringify({ t: 'seen', ids: remembered.slice(i, i + SEEN_IDS_PER_LINE) }))
    for (const [, entry] of visible)
      lines.push(JSON.stringify({ t: 'event', key: entry.key, ...entry.webhook }))
    for (const entry of aside) {
      lines.push(JSON.stringify({ t: 'event', key: entry.key, ...entry.webhook }))
      lines.push(
        JSON.stringify({ t: 'aside', seq: entry.webhook.seq, reason: entry.reason, at: entry.at }),
      )
    }
    return lines
  }
}

function safeParseLine(line: string): JournalRecord | null {
  try {
    const parsed = journalRecord.safeParse(JSON.parse(line))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
