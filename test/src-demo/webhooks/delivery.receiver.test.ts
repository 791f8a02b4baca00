import { afterAll, describe, expect, it } from 'vitest'
import { WebhookDispatcher } from '../../../src-demo/webhooks/delivery'
import { buildEnvelope } from '../../../src-demo/webhooks/envelope'
import {
  receiverDataDir,
  saveConnection,
  startReceiver,
  testKeychain,
} from '../../support/receiver-fixture'

const SECRET = 'whsec_DemoShop1357924680'
const COMPANY = { id: 'co-demo', name: 'Demo Warung', currency: 'IDR', timezone: 'Asia/Jakarta' }

/** The demo service's own delivery (signing, redelivery, deliberate duplicates) into this receiver. */
describe('demo service deliveries into the receiver', () => {
  const keychain = testKeychain()
  afterAll(() => keychain.cleanUp())

  it('accepts every demo delivery and queues each envelope once despite deliberate duplicates', async () => {
    const { receiver, profiles, url } = await startReceiver(receiverDataDir(), keychain.secrets)
    const dispatcher = new WebhookDispatcher({
      secret: SECRET,
      timeoutMs: 5000,
      retryBaseMs: 50,
      maxAttempts: 3,
      duplicateRate: 0.5,
      seed: 7,
    })
    try {
      await saveConnection(profiles, 'st-demo', SECRET)
      const envelopes = Array.from({ length: 40 }, (_, i) =>
        buildEnvelope(
          'bill.created',
          { bill_id: `b-${i}` },
          new Date().toISOString(),
          COMPANY,
          'st-demo',
        ),
      )
      dispatcher.setTarget(url)
      for (const envelope of envelopes) dispatcher.send(envelope)
      await dispatcher.whenIdle()

      const attempts = dispatcher.log()
      expect(attempts.filter((a) => a.outcome !== 'delivered')).toEqual([])
      const status = await receiver.status()
      expect(status.accepted).toBe(envelopes.length)
      expect(status.duplicates).toBe(attempts.length - envelopes.length)
      expect(status.duplicates).toBeGreaterThan(0)
      const queued = await receiver.take(100)
      expect(queued.map((e) => e.envelope.id).sort()).toEqual(envelopes.map((e) => e.id).sort())
    } finally {
      dispatcher.close()
      await receiver.stop()
    }
  })
})
