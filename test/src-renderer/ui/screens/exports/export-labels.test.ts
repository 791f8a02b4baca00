import { describe, expect, it } from 'vitest'
import { holdersLabel } from '../../../../../src-renderer/ui/screens/exports/export-labels'
import { formatDateTime } from '../../../../../src-renderer/format/time'
import type { StoredBatch } from '../../../../../src-renderer/exports/tables/export-rows'

const JAKARTA = 'Asia/Jakarta'

function batch(createdAt: string, from: string, to: string): StoredBatch {
  return {
    id: `export-${createdAt}`,
    destinationId: 'xero',
    createdAt,
    granularity: 'bill',
    target: { format: 'xero' } as StoredBatch['target'],
    what: 'xero',
    range: { from, to, locationId: '' },
    entryCount: 3,
  }
}

describe('the exports that already hold a range', () => {
  it("are named by when they ran in the shop's zone and the days they cover", () => {
    // 17:30 UTC on the 20th is 00:30 on the 21st in Jakarta: the PC's zone (UTC here) would say the 20th.
    const label = holdersLabel(
      [batch('2026-11-20T17:30:00.000Z', '2026-11-16', '2026-11-20')],
      JAKARTA,
    )
    expect(label).toBe(
      `${formatDateTime(Date.parse('2026-11-20T17:30:00.000Z'), JAKARTA)} (Mon 16 Nov 2026 to Fri 20 Nov 2026)`,
    )
    expect(label).toMatch(/^21 Nov 2026|^Nov 21, 2026/)
  })

  it('name three and count the rest', () => {
    const holders = [1, 2, 3, 4, 5].map((d) =>
      batch(`2026-11-0${d}T05:00:00.000Z`, `2026-11-0${d}`, `2026-11-0${d}`),
    )
    const label = holdersLabel(holders, JAKARTA)
    expect(label).toMatch(
      /\(Sun 1 Nov 2026\), .*\(Mon 2 Nov 2026\), .*\(Tue 3 Nov 2026\) and 2 more$/,
    )
  })
})
