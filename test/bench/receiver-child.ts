/**
 * The webhook receiver for the receiver figure, in a process of its own as in the app (main), with
 * the app's drain beside it: events are taken from the queue and acknowledged while they arrive.
 *
 * Forked by figures/receiver.ts. Sends `{ type: 'ready', url }`; on `'finish'` drains what is left,
 * answers `{ type: 'taken', ids }` (every envelope id taken, in order), then stops and cleans up.
 */
import { rmSync } from 'node:fs'
import {
  receiverDataDir,
  saveConnection,
  startReceiver,
  testKeychain,
} from '../support/receiver-fixture'
import { RECEIVER_SECRET, RECEIVER_STORE, type ReceiverChildMessage } from './figures/receiver'

const DRAIN_EVERY_MS = 50

const send = (message: ReceiverChildMessage): void => void process.send?.(message)

async function main(): Promise<void> {
  const keychain = testKeychain()
  const dataDir = receiverDataDir()
  const { receiver, profiles, url } = await startReceiver(dataDir, keychain.secrets)
  await saveConnection(profiles, RECEIVER_STORE, RECEIVER_SECRET)
  const taken: string[] = []
  let finishing = false
  process.once('message', () => (finishing = true))
  send({ type: 'ready', url })
  for (;;) {
    const batch = await receiver.take(500)
    taken.push(...batch.map((e) => e.envelope.id))
    if (batch.length) await receiver.ack(batch.map((e) => e.seq))
    else if (finishing) break
    else await new Promise((resolve) => setTimeout(resolve, DRAIN_EVERY_MS))
  }
  send({ type: 'taken', ids: taken })
  await receiver.stop()
  await keychain.cleanUp()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}

// Never outlive the bench that started it.
process.once('disconnect', () => process.exit(1))

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
