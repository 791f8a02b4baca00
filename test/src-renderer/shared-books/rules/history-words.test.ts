import { describe, expect, it } from 'vitest'
import type { SharedHistoryItem } from '../../../../src-shared/bridge/contract'
import { historyLines } from '../../../../src-renderer/shared-books/rules/history-words'
import { formatDateTime } from '../../../../src-renderer/format/time'

const item = (over: Partial<SharedHistoryItem>): SharedHistoryItem => ({
  kind: 'reconciliation',
  key: 'S-1',
  version: 1,
  deleted: false,
  by: 'Office #0a1b2c3d',
  at: Date.UTC(2026, 10, 20, 13, 5),
  batch: null,
  action: null,
  ...over,
})

describe('the shared books’ history in words', () => {
  it('says who counted, reopened, corrected, exported, matched and renamed, at the merchant’s time', () => {
    const lines = historyLines(
      [
        item({
          kind: 'exportBatch',
          key: 'b',
          batch: { destinationId: 'd1', seq: 4, entries: 1_250 },
        }),
        item({ version: 2, by: 'Laptop #99887766', action: 'reopened' }),
        item({ version: 3, action: 'reconciled' }),
        item({}),
        item({ kind: 'cashMovement', key: 'M3', action: 'corrected' }),
        item({ kind: 'cashMovement', key: 'M4', action: 'cancelled' }),
        item({ kind: 'cashMovement', key: 'M2', version: 1 }),
        item({ kind: 'depositMatch', key: 'L1', deleted: true }),
        item({ kind: 'locationName', key: 'loc1', version: 3 }),
      ],
      'Asia/Jakarta',
      new Map([['d1', 'Xero']]),
    )
    expect(lines.map((l) => [l.who, l.what])).toEqual([
      ['Office', 'exported 1,250 entries to Xero (batch 4)'],
      ['Laptop', 'reopened the count of session S-1'],
      ['Office', 'counted session S-1 again'],
      ['Office', 'counted session S-1'],
      ['Office', 'corrected a cash movement'],
      ['Office', 'cancelled a cash movement'],
      ['Office', 'recorded a cash movement'],
      ['Office', 'undid a deposit match'],
      ['Office', 'renamed location loc1'],
    ])
    // The app's one format for a moment, in the merchant's zone (13:05 UTC is 20:05 in Jakarta).
    const at = Date.UTC(2026, 10, 20, 13, 5)
    expect(lines[0]!.when).toBe(formatDateTime(at, 'Asia/Jakarta'))
    expect(lines[0]!.when).not.toBe(formatDateTime(at, 'UTC'))
  })

  it('tells two PCs of the same name apart', () => {
    const lines = historyLines(
      [item({ by: 'Office #0a1b2c3d' }), item({ by: 'Office #ffee0011', version: 2 })],
      'UTC',
      new Map(),
    )
    expect(lines.map((l) => l.who)).toEqual(['Office (0a1b)', 'Office (ffee)'])
  })
})
