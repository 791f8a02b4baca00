import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { webhookEnvelope } from '../../../../src-shared/bridge/contract'
import {
  WebhookQueue,
  type WebhookQueueOptions,
} from '../../../../src-main/features/webhooks/queue'
import { SeenIds } from '../../../../src-main/features/webhooks/seen-ids'
import { createLogger } from '../../../../src-main/logging/logger'

/** How often the queue tries an event before it gives up on it. */
const MAX_ATTEMPTS = 5

/** The webhook queue's file in the data folder. */
const QUEUE_FILE_NAME = 'webhook-queue.jsonl'

const log = createLogger('test')
const open: WebhookQueue[] = []

async function openQueue(dataDir: string, options?: WebhookQueueOptions): Promise<WebhookQueue> {
  const queue = await WebhookQueue.open(dataDir, log, options)
  open.push(queue)
  return queue
}

async function reopen(queue: WebhookQueue, dataDir: string, options?: WebhookQueueOptions) {
  await queue.close()
  return openQueue(dataDir, options)
}

function incoming(id: string, event = 'bill.created') {
  return {
    key: JSON.stringify(['st-1', id]),
    profileId: 'shop-1',
    envelope: webhookEnvelope.parse({
      id,
      event,
      created_at: '2026-11-20T10:00:00+07:00',
      install: { store_id: 'st-1' },
      data: { bill_id: `b-${id}`, extra: { kept: true } },
    }),
    receivedAt: new Date(),
  }
}

/** The set-aside events kept, oldest first. */
const keptAside = (queue: WebhookQueue) => queue.setAsidePage(null, 100).events.reverse()

const ids = (n: number, prefix = 'evt'): string[] =>
  Array.from({ length: n }, (_, i) => `${prefix}_${i + 1}`)

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'till-queue-'))
}

afterEach(async () => {
  for (const queue of open.splice(0)) await queue.close().catch(() => undefined)
})

describe('durable webhook queue', () => {
  it('hands out the oldest pending events in seq order; take only looks, ack removes', async () => {
    const dir = tempDir()
    const queue = await openQueue(dir)
    for (const id of ids(5)) await queue.enqueue(incoming(id))
    const firstLook = queue.take(3)
    expect(firstLook.map((e) => e.envelope.id)).toEqual(['evt_1', 'evt_2', 'evt_3'])
    expect(firstLook.map((e) => e.seq)).toEqual([1, 2, 3])
    expect(firstLook[0]).toMatchObject({
      profileId: 'shop-1',
      envelope: { data: { extra: { kept: true } } },
    })
    expect(queue.take(3)).toEqual(firstLook)
    expect(await queue.ack([2, 99, 2])).toBe(4)
    expect(queue.take(10).map((e) => e.seq)).toEqual([1, 3, 4, 5])
    expect(await queue.ack([1, 3, 4, 5])).toBe(0)
    expect(queue.take(10)).toEqual([])
  })

  it('keeps pending events, acknowledgements, dedupe and the seq counter across a restart', async () => {
    const dir = tempDir()
    let queue = await openQueue(dir)
    for (const id of ids(4)) await queue.enqueue(incoming(id))
    await queue.ack([1, 3])
    queue = await reopen(queue, dir)
    expect(queue.pending()).toBe(2)
    expect(queue.take(10).map((e) => e.envelope.id)).toEqual(['evt_2', 'evt_4'])
    for (const id of ids(4)) expect(await queue.enqueue(incoming(id))).toEqual({ duplicate: true })
    expect(await queue.enqueue(incoming('evt_new'))).toEqual({ duplicate: false, seq: 5 })
    expect(queue.lastReceivedAt()).not.toBeNull()
  })

  it('stores a redelivery that arrives while the first copy is being written only once', async () => {
    const queue = await openQueue(tempDir())
    const results = await Promise.all([1, 2, 3].map(() => queue.enqueue(incoming('evt_same'))))
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1)
    expect(queue.pending()).toBe(1)
  })

  it('compacts while events keep arriving, losing nothing and forgetting no id', async () => {
    const dir = tempDir()
    const options = { compactAfterBytes: 2048 }
    let queue = await openQueue(dir, options)
    const all = ids(400)
    const acked = new Set<string>()
    for (let i = 0; i < all.length; i += 20) {
      const batch = all.slice(i, i + 20)
      const taken = queue.take(15)
      await Promise.all([
        ...batch.map((id) => queue.enqueue(incoming(id))),
        queue.ack(taken.map((e) => e.seq)),
      ])
      for (const event of taken) acked.add(event.envelope.id)
    }
    const beforeRestart = queue.take(500).map((e) => e.envelope.id)
    expect(new Set([...beforeRestart, ...acked]).size).toBe(all.length)
    const eventLines = readFileSync(join(dir, QUEUE_FILE_NAME), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{"t":"event"'))
    // Every event was appended once; compaction dropped most of the acknowledged ones.
    expect(eventLines.length).toBeLessThan(all.length * 0.75)

    queue = await reopen(queue, dir, options)
    expect(queue.take(500).map((e) => e.envelope.id)).toEqual(beforeRestart)
    for (const id of [...acked].slice(0, 50))
      expect(await queue.enqueue(incoming(id))).toEqual({ duplicate: true })
    const next = await queue.enqueue(incoming('evt_after'))
    expect(next).toEqual({ duplicate: false, seq: all.length + 1 })
  })

  it('sets aside an event handed out again and again without an outcome, and goes on (issue 14)', async () => {
    const dir = tempDir()
    const queue = await openQueue(dir)
    for (const id of ids(3)) await queue.enqueue(incoming(id))
    const taken = (batch: { envelope: { id: string } }[]) => batch.map((e) => e.envelope.id)
    // Handed back untried (offline, or the connection closing), a batch is no attempt at all.
    const untried = await queue.takeToApply(10)
    queue.release(untried.map((e) => e.seq))
    // The window takes a batch and crashes on it: from then on events come one at a time.
    expect(taken(await queue.takeToApply(10))).toEqual(['evt_1', 'evt_2', 'evt_3'])
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++)
      expect(taken(await queue.takeToApply(10))).toEqual(['evt_1'])
    expect(keptAside(queue)).toEqual([])
    const next = await queue.takeToApply(10)
    expect(taken(next)).toEqual(['evt_2'])
    expect(keptAside(queue).map((e) => [e.envelope.id, e.reason])).toEqual([
      ['evt_1', expect.stringContaining(`${MAX_ATTEMPTS} times`)],
    ])
    expect(await queue.ack(next.map((e) => e.seq))).toBe(1)
    expect(taken(await queue.takeToApply(10))).toEqual(['evt_3'])
  })

  it('keeps set-aside events, retries and dismissals across restarts and compactions', async () => {
    const dir = tempDir()
    const options = { compactAfterBytes: 1024 }
    let queue = await openQueue(dir, options)
    for (const id of ids(4)) await queue.enqueue(incoming(id))
    const [one, two, three] = queue.take(3)
    await queue.setAside(one!.seq, 'one failed')
    await queue.setAside(two!.seq, 'two failed')
    await queue.setAside(three!.seq, 'three failed')
    expect(queue.pending()).toBe(1)
    queue = await reopen(queue, dir, options)
    expect(keptAside(queue).map((e) => [e.envelope.id, e.reason])).toEqual([
      ['evt_1', 'one failed'],
      ['evt_2', 'two failed'],
      ['evt_3', 'three failed'],
    ])
    expect(await queue.retry([two!.seq])).toBe(2)
    expect(await queue.ack([three!.seq])).toBe(2)
    queue = await reopen(queue, dir, options)
    expect(queue.take(10).map((e) => e.envelope.id)).toEqual(['evt_4', 'evt_2'])
    expect(keptAside(queue).map((e) => e.envelope.id)).toEqual(['evt_1'])
    // Enough acknowledged events to compact: the set-aside one and its reason survive it.
    for (const id of ids(40, 'more')) await queue.enqueue(incoming(id))
    await queue.ack(queue.take(500).map((e) => e.seq))
    queue = await reopen(queue, dir, options)
    const lines = readFileSync(join(dir, QUEUE_FILE_NAME), 'utf8').split('\n')
    expect(lines[0]).toContain('"t":"meta"')
    expect(queue.pending()).toBe(0)
    expect(keptAside(queue).map((e) => [e.envelope.id, e.reason])).toEqual([
      ['evt_1', 'one failed'],
    ])
    expect(await queue.enqueue(incoming('evt_1'))).toEqual({ duplicate: true })
  })

  it('keeps only the newest set-aside events and counts the rest by reason, across restarts (issue 27, 5)', async () => {
    const dir = tempDir()
    const options = { compactAfterBytes: 1024, setAsideLimit: { events: 5, bytes: 1_000_000 } }
    let queue = await openQueue(dir, options)
    for (const id of ids(205)) await queue.enqueue(incoming(id))
    const taken = queue.take(200)
    for (const [i, event] of taken.entries())
      await queue.setAside(event.seq, i < 120 ? 'amount is not a number' : 'no such location')
    const expected = {
      kept: 5,
      olderThanPage: true,
      dropped: [
        { reason: 'amount is not a number', count: 120 },
        { reason: 'no such location', count: 75 },
      ],
    }
    const newest = queue.setAsidePage(null, 2)
    expect(newest).toMatchObject(expected)
    expect(newest.events.map((e) => e.envelope.id)).toEqual(['evt_200', 'evt_199'])
    expect(queue.pending()).toBe(5)

    queue = await reopen(queue, dir, options)
    await queue.close()
    // 200 events set aside took some 80 kB; the file keeps the newest five and the counts.
    expect(statSync(join(dir, QUEUE_FILE_NAME)).size).toBeLessThan(16 * 1024)
    queue = await openQueue(dir, options)
    expect(queue.setAsidePage(null, 2)).toEqual(newest)
    const second = queue.setAsidePage(newest.events[1]!.seq, 2)
    expect(second.events.map((e) => e.envelope.id)).toEqual(['evt_198', 'evt_197'])
    const last = queue.setAsidePage(second.events[1]!.seq, 2)
    expect(last).toMatchObject({ ...expected, olderThanPage: false })
    expect(last.events.map((e) => e.envelope.id)).toEqual(['evt_196'])
    expect(queue.take(10).map((e) => e.envelope.id)).toEqual(ids(205).slice(200))
  })

  it('keeps set-aside events within a size, and counts at most 50 reasons by name', async () => {
    const dir = tempDir()
    const queue = await openQueue(dir, { setAsideLimit: { events: 1000, bytes: 2000 } })
    for (const id of ids(61)) await queue.enqueue(incoming(id))
    for (const [i, event] of queue.take(61).entries())
      await queue.setAside(event.seq, `reason ${i}`)
    const { events, kept, dropped } = queue.setAsidePage(null, 100)
    const bytes = events.reduce((sum, e) => sum + JSON.stringify(e).length, 0)
    expect(kept).toBe(events.length)
    expect(events.length).toBeGreaterThan(0)
    expect(bytes).toBeLessThanOrEqual(2000)
    expect(events[0]!.envelope.id).toBe('evt_61')
    expect(dropped.reduce((sum, d) => sum + d.count, 0)).toBe(61 - kept)
    expect(dropped.slice(0, 50).map((d) => d.reason)).toEqual(
      Array.from({ length: 50 }, (_, i) => `reason ${i}`),
    )
    expect(dropped.slice(50)).toEqual([{ reason: 'Other reasons', count: 61 - kept - 50 }])
  })

  it('cuts off a half-written last line and appends cleanly after it', async () => {
    const dir = tempDir()
    let queue = await openQueue(dir)
    await queue.enqueue(incoming('evt_1'))
    await queue.close()
    appendFileSync(join(dir, QUEUE_FILE_NAME), '{"t":"event","seq":2,"key":"[\\"st-1\\",')
    queue = await openQueue(dir)
    expect(queue.take(10).map((e) => e.envelope.id)).toEqual(['evt_1'])
    await queue.enqueue(incoming('evt_2'))
    queue = await reopen(queue, dir)
    expect(queue.take(10).map((e) => e.envelope.id)).toEqual(['evt_1', 'evt_2'])
    const lines = readFileSync(join(dir, QUEUE_FILE_NAME), 'utf8').trimEnd().split('\n')
    expect(lines.map((line) => JSON.parse(line) as unknown)).toHaveLength(2)
  })

  it('refuses to write once closed', async () => {
    const queue = await openQueue(tempDir())
    await queue.close()
    await expect(queue.enqueue(incoming('evt_late'))).rejects.toThrow(/closed/)
    expect(queue.pending()).toBe(0)
  })
})

describe('remembered envelope ids', () => {
  it('forgets the oldest beyond the count limit and any older than the age limit', () => {
    const seen = new SeenIds({ maxEntries: 3, maxAgeMs: 1000 })
    for (const [key, at] of [
      ['a', 0],
      ['b', 100],
      ['c', 200],
      ['d', 300],
    ] as const)
      seen.remember(key, at)
    expect(seen.has('a')).toBe(false)
    expect(seen.entries(300).map(([key]) => key)).toEqual(['b', 'c', 'd'])
    expect(seen.entries(1150).map(([key]) => key)).toEqual(['c', 'd'])
  })
})
