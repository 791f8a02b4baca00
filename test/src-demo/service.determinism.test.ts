/** Determinism: one seed and shape give byte-identical answers; secrets do not change the data. */

import { describe, expect, it } from 'vitest'
import { api, control, startService } from '../support/demo-service'

const PATHS = [
  '/sales/bills/location/all?limit=200',
  '/sales/bills/location/all?limit=200&page=2&order_by=updated_at:desc',
  '/sales/bills/location/102?q_type=refund',
  '/sales/bills/1000000042',
  '/sales/bills/1000000201',
  '/expenses?limit=200&order_by=updated_at:asc',
]

describe('determinism (issue #3: two runs with one seed give identical responses)', () => {
  it('two services with the same seed and shape but different secrets answer with the same bytes', async () => {
    const first = await startService({ seed: 11, days: 5 })
    const second = await startService({ seed: 11, days: 5, storeId: 'another-store' })
    expect(second.appKey).not.toBe(first.appKey)
    for (const path of PATHS) {
      const [a, b] = await Promise.all([api(first, path), api(second, path)])
      expect(a.status).toBe(200)
      expect(b.text).toBe(a.text)
    }
    const [truthA, truthB] = await Promise.all([
      control<{ bills_sha256: string }>(first, 'GET', '/truth'),
      control<{ bills_sha256: string }>(second, 'GET', '/truth'),
    ])
    expect(truthB.body).toEqual(truthA.body)
  })

  it('the same control actions on both keep them identical', async () => {
    const first = await startService({ seed: 5 })
    const second = await startService({ seed: 5 })
    for (const service of [first, second]) {
      await control(service, 'POST', '/clock/advance', { seconds: 600 })
      await control(service, 'POST', '/sales', { count: 5 })
      await control(service, 'POST', '/bills/1000000003/refund', {})
    }
    const path = '/sales/bills/location/all?order_by=updated_at:desc&limit=30'
    expect((await api(second, path)).text).toBe((await api(first, path)).text)
  })

  it('another seed gives another shop', async () => {
    const first = await startService({ seed: 1 })
    const second = await startService({ seed: 2 })
    const path = '/sales/bills/location/all?limit=50'
    expect((await api(second, path)).text).not.toBe((await api(first, path)).text)
  })
})
