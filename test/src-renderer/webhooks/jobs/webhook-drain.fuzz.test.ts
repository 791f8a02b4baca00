import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelopeFor, startDrainBench } from '../../../support/drain-fixture'
import { checkProperty } from '../../../support/fuzz-settings'
import { memorySecrets } from '../../../support/memory-secrets'

const EVENTS = [
  'bill.created',
  'bill.refunded',
  'bill.voided',
  'payment.created',
  'payment.reversed',
  'register_session.closed',
  'expense.created',
  'expense.updated',
  'app.installed',
  'app.reauthorized',
]

/** Anything a field could hold, weighted towards text and numbers the drain reads. */
const anyValue = fc.oneof(fc.string({ maxLength: 40 }), fc.double(), fc.integer(), fc.jsonValue())

/** Whatever the service might put in a signed envelope: known events or not, any data. */
const content = fc.record({
  event: fc.oneof(fc.constantFrom(...EVENTS), fc.string({ minLength: 1, maxLength: 30 })),
  company: fc.record(
    {
      currency: fc.oneof(fc.constantFrom('IDR', 'USD', 'idr', 'RUPIAH'), fc.string()),
      timezone: fc.oneof(fc.constantFrom('Asia/Jakarta', 'WIB', '+07:00'), fc.string()),
    },
    { requiredKeys: [] },
  ),
  data: fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'bill_id',
        'parent_bill_id',
        'register_session_id',
        'location_id',
        'opened_at',
        'closed_at',
        'opening_cash',
        'expense_id',
      ),
      fc.string({ maxLength: 10 }),
    ),
    anyValue,
    { maxKeys: 8 },
  ),
})

let sent = 0

describe('webhook drain under fuzzing', () => {
  let bench: Awaited<ReturnType<typeof startDrainBench>>
  beforeAll(async () => {
    bench = await startDrainBench(memorySecrets())
  })
  afterAll(async () => {
    await bench?.close()
  })

  it('never stalls: every signed event, whatever it holds, is applied or set aside', async () => {
    await checkProperty(
      fc.asyncProperty(fc.array(content, { minLength: 1, maxLength: 6 }), async (contents) => {
        const ids = contents.map(() => `evt_fuzz_${++sent}`)
        for (const [i, fields] of contents.entries())
          expect((await bench.post(envelopeFor({ id: ids[i]!, ...fields }))).status).toBe(200)

        await bench.drain()

        expect((await bench.call('webhooks.status')).pending).toBe(0)
        const aside = new Set(
          (await bench.call('webhooks.setAsideList', {})).events.map((e) => e.envelope.id),
        )
        for (const id of ids)
          expect(aside.has(id) || (await bench.db.webhookIds.get(id)) !== undefined, id).toBe(true)
      }),
      200,
    )
  }, 120_000)
})
