import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postSigned, postWebhook, signWebhook, webhookBody } from '../../../support/sign-webhook'
import {
  receiverDataDir,
  saveConnection,
  startReceiver,
  type RunningReceiver,
} from '../../../support/receiver-fixture'
import { checkProperty } from '../../../support/fuzz-settings'
import { memorySecrets } from '../../../support/memory-secrets'

const STORE = 'st-fuzz'
const SECRET = 'whsec_FuzzShop4c3b2a1908f7'

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 80,
})
const anyBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(webhookBody(STORE)),
)
const now = (): number => Math.floor(Date.now() / 1000)
const signatureHeader = (body: string | Buffer): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    printable,
    fc
      .string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 70 })
      .map((hex) => `t=${now()},v1=${hex}`),
    fc.integer().map((t) => `t=${t},v1=${'ab'.repeat(32)}`),
    fc.constant(signWebhook('whsec_NotTheShopsSecret000', body)),
    fc.constant(signWebhook(SECRET, body, now() - 301)),
    fc.constant(signWebhook(SECRET, `${String(body)} `)),
  )
const otherHeaders = fc.dictionary(
  fc.constantFrom('content-type', 'x-service-event', 'x-service-delivery', 'x-forwarded-for'),
  printable,
)

/** An envelope for this store with any one field replaced by anything. */
const mangledEnvelope = fc
  .record({
    key: fc.constantFrom('id', 'event', 'created_at', 'company', 'install', 'data'),
    value: fc.jsonValue(),
  })
  .map(({ key, value }) => {
    const envelope = JSON.parse(webhookBody(STORE)) as Record<string, unknown>
    return JSON.stringify(key === 'install' ? envelope : { ...envelope, [key]: value })
  })

describe('webhook receiver under fuzzing', () => {
  let main: RunningReceiver
  const counts = async () => {
    const { accepted, pending } = await main.receiver.status()
    return { accepted, pending }
  }

  beforeAll(async () => {
    main = await startReceiver(receiverDataDir(), memorySecrets())
    await saveConnection(main.profiles, STORE, SECRET)
  })
  afterAll(async () => {
    await main.receiver.stop()
  })

  it('accepts nothing without a valid signature, whatever the body and headers', async () => {
    await checkProperty(
      fc.asyncProperty(
        anyBody.chain((body) => fc.tuple(fc.constant(body), signatureHeader(body), otherHeaders)),
        async ([body, signature, headers]) => {
          const before = await counts()
          const sent = {
            ...headers,
            ...(signature === undefined ? {} : { 'x-service-signature': signature }),
          }
          const answer = await postWebhook(main.url, body, sent)
          expect(answer.status, answer.body).toBeGreaterThanOrEqual(400)
          expect(answer.status).toBeLessThan(500)
          expect(await counts()).toEqual(before)
        },
      ),
      300,
    )
  })

  it('answers a correctly signed body of any shape without crashing, queueing only real envelopes', async () => {
    await checkProperty(
      fc.asyncProperty(fc.oneof(anyBody.map(String), mangledEnvelope), async (body) => {
        const before = await counts()
        const answer = await postWebhook(main.url, body, {
          'x-service-signature': signWebhook(SECRET, body),
        })
        expect([200, 202, 400, 401, 413]).toContain(answer.status)
        const after = await counts()
        if (answer.status >= 300) expect(after).toEqual(before)
        else {
          const envelope = JSON.parse(body) as { install: { store_id: string } }
          expect(envelope.install.store_id).toBe(STORE)
        }
      }),
      300,
    )
    const still = await postSigned(main.url, SECRET, webhookBody(STORE))
    expect(still.status).toBe(200)
  })
})
