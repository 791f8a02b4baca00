import { describe, expect, it } from 'vitest'
import {
  defaultDepositSettings,
  type BankRule,
} from '../../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../../src-renderer/deposits/rules/expected-deposits'
import { matchDeposits, type KeptLine } from '../../../../src-renderer/deposits/rules/matching'
import { bankLine, expectedDeposit } from '../../../support/deposits'

// A tolerance of 1 %; the window a day before the due date to five after.
const settings = { ...defaultDepositSettings('IDR'), tolerance: { basisPoints: 100, fixed: 0 } }
const NAMES = { kemang: 'Kemang', salmiya: 'Salmiya' }

function match(expected: ExpectedDeposit[], lines: KeptLine[], bankRules: BankRule[] = []) {
  return matchDeposits({
    expected,
    lines,
    kept: [],
    refused: [],
    settings: { ...settings, bankRules, locationAliases: { salmiya: ['BLOCK 10'] } },
    locationNames: NAMES,
  })
}

const said = (line: KeptLine, text: string): KeptLine => ({ ...line, text })
const readings = (result: ReturnType<typeof match>) => [
  ...result.matches.map((m) => m.expectedIds),
  ...result.offers.flatMap((o) => o.candidates),
]

// Thursday 26 November 2026: cash due Friday, card on Monday; both 1,000,000 banked Monday.
const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 1_000_000)
const card = expectedDeposit('card', 'kemang', '2026-11-26', 1_000_000, { lagDays: 2 })
const salmiyaCash = { ...cash, id: 'cash|salmiya|2026-11-26', locationId: 'salmiya' }
const monday = bankLine('b1', '2026-11-30', 1_000_000)

describe('a line’s words narrow its readings before amounts decide', () => {
  it('without words, a line two deposits fit is offered; its method’s words match it alone', () => {
    expect(match([cash, card], [monday]).matches).toEqual([])
    const { matches, offers } = match([cash, card], [said(monday, 'CARD SETTLEMENT')])
    expect(matches.map((m) => m.expectedIds)).toEqual([[card.id]])
    expect(offers).toEqual([])
  })

  it('never reads card words as cash, nor cash words as card', () => {
    expect(readings(match([cash], [said(monday, 'VISA MERCHANT 4411')]))).toEqual([])
    expect(readings(match([card], [said(monday, 'SETORAN TUNAI')]))).toEqual([])
  })

  it('never pays another location’s takings from a line naming a location, by name or alias', () => {
    expect(readings(match([cash], [said(monday, 'CASH DEPOSIT SALMIYA')]))).toEqual([])
    const { matches } = match([cash, salmiyaCash], [said(monday, 'SETOR TUNAI BLOCK 10')])
    expect(matches.map((m) => m.expectedIds)).toEqual([[salmiyaCash.id]])
  })

  it('reads a line naming days only as the run paying each of them', () => {
    // Card of Thursday and Friday, 500,000 each: Monday's line could be either day or both.
    const thursday = expectedDeposit('card', 'kemang', '2026-11-26', 500_000, { lagDays: 1 })
    const friday = expectedDeposit('card', 'kemang', '2026-11-27', 500_000, { lagDays: 1 })
    const line = bankLine('b1', '2026-11-30', 500_000)
    expect(match([thursday, friday], [line]).matches).toEqual([])
    expect(
      match([thursday, friday], [said(line, 'CARD 27/11/2026')]).matches.map((m) => m.expectedIds),
    ).toEqual([[friday.id]])
    // Naming both days, a line of one day's amount pays neither alone.
    const both = said(line, 'CARD 26-27 NOV')
    expect(readings(match([thursday, friday], [both]))).toEqual([])
    expect(
      match([thursday, friday], [{ ...both, amount: 1_000_000 }]).matches.map((m) => m.expectedIds),
    ).toEqual([[thursday.id, friday.id]])
  })

  it('narrows pairs of lines paying one cash deposit too', () => {
    const halves = [bankLine('b1', '2026-11-27', 400_000), bankLine('b2', '2026-11-27', 600_000)]
    expect(match([cash], halves).matches.map((m) => m.bankLineIds)).toEqual([['b1', 'b2']])
    const one = said(halves[0]!, 'CARD SETTLEMENT')
    expect(readings(match([cash], [one, halves[1]!]))).toEqual([])
  })
})

describe('the bookkeeper’s rules', () => {
  const rule: BankRule = {
    id: 'r1',
    bankAccountId: 'main',
    contains: 'PT ACME',
    methods: ['card'],
    locationIds: ['kemang'],
  }

  it('narrow a line of their account containing their words to their methods and locations', () => {
    const line = said(monday, 'BI-FAST PT ACME 0012')
    expect(match([cash, card], [line]).matches).toEqual([])
    expect(match([cash, card], [line], [rule]).matches.map((m) => m.expectedIds)).toEqual([
      [card.id],
    ])
    // Another account's rule says nothing of this line.
    const elsewhere = { ...rule, bankAccountId: 'other' }
    expect(match([cash, card], [line], [elsewhere]).matches).toEqual([])
  })

  it('never override the amounts: a line off by more than the tolerance stays unmatched', () => {
    const off = { ...said(monday, 'BI-FAST PT ACME 0012'), amount: 1_000_000 - 10_001 }
    expect(readings(match([card], [off], [rule]))).toEqual([])
    const within = { ...off, amount: 1_000_000 - 10_000 }
    expect(match([card], [within], [rule]).matches.map((m) => m.expectedIds)).toEqual([[card.id]])
  })
})
