import { join } from 'node:path'
import { z } from 'zod'
import {
  webhookEnvelope,
  type QueuedWebhook,
  type WebhookEnvelope,
} from '../../../src-shared/bridge/contract'
import type { Logger } from '../../logging/logger'
import { JournalFile } from './journal-file'
import { DEFAULT_SEEN_ID_LIMITS, SeenIds } from './seen-ids'

export const QUEUE_FILE_NAME = 'webhook-queue.jsonl'

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
])
type JournalRecord = z.infer<typeof journalRecord>

export interface WebhookQueueOptions {
  /** Compact once this many bytes of the file are acknowledged events (and at least half). */
  compactAfterBytes?: number
}

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
}

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
  /** Acknowledgements on their way to disk: already invisible, restored if the write fails. */
  private readonly acking = new Set<number>()
  private readonly writing = new Map<string, Promise<void>>()
  private readonly seen = new SeenIds(DEFAULT_SEEN_ID_LIMITS)
  private readonly compactAfterBytes: number
  private nextSeq = 1
  private deadBytes = 0
  private compacting = false
  private lastReceived: string | null = null

  private constructor(
    private readonly journal: JournalFile,
    private readonly log: Logger,
    options: WebhookQueueOptions,
  ) {
    this.compactAfterBytes = options.compactAfterBytes ?? 1024 * 1024
  }

  static async open(
    dataDir: string,
    log: Logger,
    options: WebhookQueueOptions = {},
  ): Promise<WebhookQueue> {
    const { journal, lines } = await JournalFile.open(join(dataDir, QUEUE_FILE_NAME), log)
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
    this.entries.set(webhook.seq, { webhook, key: incoming.key, bytes: lineBytes(line) })
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

  /** The oldest pending events, in seq order. */
  take(max: number): QueuedWebhook[] {
    const out: QueuedWebhook[] = []
    for (const [seq, entry] of this.entries) {
      if (out.length >= max) break
      if (!this.acking.has(seq)) out.push(entry.webhook)
    }
    return out
  }

  /** Acknowledged events are gone for good once this resolves; unknown seqs are ignored. */
  async ack(seqs: readonly number[]): Promise<number> {
    const fresh = [...new Set(seqs)].filter((s) => this.entries.has(s) && !this.acking.has(s))
    if (fresh.length === 0) return this.pending()
    for (const s of fresh) this.acking.add(s)
    const line = JSON.stringify({ t: 'ack', seqs: fresh })
    try {
      await this.journal.append(line)
    } finally {
      for (const s of fresh) this.acking.delete(s)
    }
    for (const s of fresh) {
      this.deadBytes += this.entries.get(s)?.bytes ?? 0
      this.entries.delete(s)
    }
    this.deadBytes += lineBytes(line)
    this.compactIfWorthIt()
    return this.pending()
  }

  pending(): number {
    return this.entries.size - this.acking.size
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
      if (record.t === 'meta' || record.t === 'seen') headerBytes += lineBytes(line)
      this.apply(record, lineBytes(line))
    }
    let liveBytes = headerBytes
    for (const entry of this.entries.values()) liveBytes += entry.bytes
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
        this.entries.set(record.seq, { webhook, key, bytes })
        this.seen.remember(key, Date.parse(record.receivedAt) || Date.now())
        return
      }
      case 'ack':
        for (const s of record.seqs) this.entries.delete(s)
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

  /** The file as it would be if written afresh: header, remembered ids, pending events. */
  private snapshot(): string[] {
    const visible = [...this.entries].filter(([s]) => !this.acking.has(s))
    const pendingKeys = new Set(visible.map(([, entry]) => entry.key))
    const remembered = this.seen.entries(Date.now()).filter(([key]) => !pendingKeys.has(key))
    const meta = { t: 'meta', v: 1, nextSeq: this.nextSeq, lastReceivedAt: this.lastReceived }
    const lines = [JSON.stringify(meta)]
    for (let i = 0; i < remembered.length; i += SEEN_IDS_PER_LINE)
      lines.push(JSON.stringify({ t: 'seen', ids: remembered.slice(i, i + SEEN_IDS_PER_LINE) }))
    for (const [, entry] of visible)
      lines.push(JSON.stringify({ t: 'event', key: entry.key, ...entry.webhook }))
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
