import { describe, expect, it } from 'vitest'
import type { ExpectedDeposit } from '../../../../../src-renderer/deposits'
import {
  differenceWords,
  leftoverWords,
  type Naming,
} from '../../../../../src-renderer/ui/screens/deposits/deposit-words'

const naming: Naming = {
  currency: 'IDR',
  location: (id) => (id === 'a' ? 'Harbour Street' : `Location ${id}`),
  session: (id) => id,
}

const cash = (businessDate: string): ExpectedDeposit => ({
  id: `cash|a|${businessDate}`,
  method: 'cash',
  locationId: 'a',
  businessDate,
  dueDate: businessDate,
  bankAccountId: 'main',
  currency: 'IDR',
  gross: 100,
  expectedFee: 0,
  amount: 100,
  sessionIds: [],
})

describe('the words of a difference and of a leftover', () => {
  it('says exact, over by or short by the amount', () => {
    expect(differenceWords(0, 'IDR')).toBe('exact')
    expect(differenceWords(3_848_500, 'IDR')).toMatch(/^over by .*3,848,500$/)
    expect(differenceWords(-500, 'IDR')).toMatch(/^short by .*500$/)
  })

  it('names the location, days and the difference, never an id', () => {
    const run = [cash('2026-12-04'), cash('2026-12-05'), cash('2026-12-06')]
    const over = leftoverWords({ kind: 'over', nearest: { deposits: run, difference: 7 } }, naming)
    expect(over).toMatch(
      /^Over by .*7 against Cash · Harbour Street · .*4 Dec 2026 to .*6 Dec 2026 \(3 days\)/,
    )
    const open = leftoverWords(
      { kind: 'session-open', locationId: 'a', businessDate: '2026-12-05', nearest: null },
      naming,
    )
    expect(open).toMatch(/^Session still open at Harbour Street on .*5 Dec 2026/)
    expect(open).not.toContain('cash|a')
    const far = leftoverWords({ kind: 'outside-window', nearest: run[0]!, days: -1 }, naming)
    expect(far).toMatch(/due 1 day after this line/)
  })
})
