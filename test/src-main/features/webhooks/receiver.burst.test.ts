import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { postSigned, webhookBody, type PostedWebhook } from '../../../support/sign-webhook'
import {
  receiverDataDir,
  saveConnection,
  startReceiver,
  testKeychain,
} from '../../../support/receiver-fixture'

/** The webhook queue's file in the data folder. */
const QUEUE_FILE_NAME = 'webhook-queue.jsonl'

const EVENTS = 1000
const IN_FLIGHT = 50
/** The service waits about 5 s for a 2xx (interface §6). */
const ACK_BUDGET_MS = 5000
const SECRET = 'whsec_BurstShop0011223344'

async function withConcurrency<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await tasks[index]!()
    }
  }
  await Promise.all(Array.from({ length: limit }, worker))
  return results
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

describe('webhook receiver under a burst', () => {
  const keychain = testKeychain()
  afterAll(() => keychain.cleanUp())

  it(`acknowledges ${EVENTS} concurrent events within the 5 s budget and queues each exactly once`, async () => {
    const { receiver, profiles, url, dataDir } = await startReceiver(
      receiverDataDir(),
      keychain.secrets,
    )
    try {
      await saveConnection(profiles, 'st-burst', SECRET)
      const bodies = Array.from({ length: EVENTS }, (_, i) =>
        webhookBody('st-burst', 'bill.created', { bill_id: `b-${i}`, location_id: 'loc-1' }),
      )
      const answers: PostedWebhook[] = await withConcurrency(
        bodies.map((body) => () => postSigned(url, SECRET, body)),
        IN_FLIGHT,
      )
      expect(answers.filter((a) => a.status !== 200)).toEqual([])
      const latencies = answers.map((a) => a.ms).sort((a, b) => a - b)
      expect(latencies.at(-1)).toBeLessThan(ACK_BUDGET_MS)

      expect((await receiver.status()).pending).toBe(EVENTS)
      const queued = []
      for (
        let batch = await receiver.take(500);
        batch.length > 0;
        batch = await receiver.take(500)
      ) {
        queued.push(...batch)
        await receiver.ack(batch.map((e) => e.seq))
      }
      expect(new Set(queued.map((e) => e.seq)).size).toBe(EVENTS)
      expect(queued.map((e) => e.envelope.id).sort()).toEqual(
        bodies.map((body) => JSON.parse(body).id as string).sort(),
      )
      console.info(
        `webhook burst: ${EVENTS} events, ${IN_FLIGHT} in flight; ack p50 ${percentile(latencies, 50).toFixed(1)} ms,` +
          ` p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms;` +
          ` queue file ${statSync(join(dataDir, QUEUE_FILE_NAME)).size} bytes`,
      )
    } finally {
      await receiver.stop()
    }
  })
})
