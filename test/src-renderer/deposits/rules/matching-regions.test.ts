import { expect, it } from 'vitest'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import { rematchDeposits } from '../../../../src-renderer/deposits/rules/matching-regions'
import type { MatchInput } from '../../../../src-renderer/deposits/rules/matching'
import { bankLine, expectedDeposit } from '../../../support/deposits'

it('matches again when a location is named, as a line’s words may name it now', () => {
  const kemang = expectedDeposit('cash', 'kemang', '2026-11-26', 1_000_000)
  const salmiya = expectedDeposit('cash', 'salmiya', '2026-11-26', 1_000_000)
  const input: MatchInput = {
    expected: [kemang, salmiya],
    lines: [{ ...bankLine('b1', '2026-11-27', 1_000_000), text: 'CASH DEPOSIT KEMANG' }],
    kept: [],
    refused: [],
    settings: defaultDepositSettings('IDR'),
  }
  const before = rematchDeposits(null, input).run
  expect(before.result.matches).toEqual([])
  const after = rematchDeposits(before, { ...input, locationNames: { kemang: 'Kemang' } }).run
  expect(after.result.matches.map((m) => m.expectedIds)).toEqual([[kemang.id]])
  expect(after.result.offers).toEqual([])
})
