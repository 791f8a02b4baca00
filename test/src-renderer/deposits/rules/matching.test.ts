import { describe, expect, it } from 'vitest'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../../src-renderer/deposits/rules/expected-deposits'
import {
  matchDeposits,
  type DepositMatch,
  type KeptLine,
} from '../../../../src-renderer/deposits/rules/matching'
import { bankLine, expectedDeposit } from '../../../support/deposits'

// The window: a day before the due date to five after; a tolerance of 1 %.
const settings = { ...defaultDepositSettings('IDR'), tolerance: { basisPoints: 100, fixed: 0 } }

function match(
  expected: ExpectedDeposit[],
  lines: KeptLine[],
  more: { kept?: DepositMatch[]; refused?: string[] } = {},
) {
  return matchDeposits({
    expected,
    lines,
    kept: more.kept ?? [],
    refused: more.refused ?? [],
    settings,
    now: 1_000,
  })
}

// Thursday 26 November 2026; card money due two business days later, on Monday 30.
const thursdayCard = expectedDeposit('card', 'kemang', '2026-11-26', 1_000_000, {
  fee: 20_000,
  lagDays: 2,
})

describe('matching bank lines to expected deposits', () => {
  it('matches a line equal to one expected deposit within the window', () => {
    const { matches, offers } = match([thursdayCard], [bankLine('b1', '2026-12-01', 980_000)])
    expect(matches).toEqual([
      {
        id: 'main|b1',
        bankAccountId: 'main',
        bankLineIds: ['b1'],
        expectedIds: ['card|kemang|2026-11-26'],
        kind: 'exact',
        fee: 20_000,
        shortfall: 0,
        confirmedAt: 1_000,
      },
    ])
    expect(offers).toEqual([])
  })

  it('leaves a line booked outside the window alone', () => {
    const early = bankLine('b1', '2026-11-27', 980_000) // three days before the due date
    const late = bankLine('b2', '2026-12-06', 980_000) // six days after
    expect(match([thursdayCard], [early, late])).toEqual({ matches: [], offers: [] })
  })

  it('offers, never matches, a line two equal deposits could be', () => {
    const salmiya = { ...thursdayCard, id: 'card|salmiya|2026-11-26', locationId: 'salmiya' }
    const { matches, offers } = match(
      [thursdayCard, salmiya],
      [bankLine('b1', '2026-11-30', 980_000)],
    )
    expect(matches).toEqual([])
    expect(offers).toEqual([
      {
        bankAccountId: 'main',
        bankLineIds: ['b1'],
        candidates: [['card|kemang|2026-11-26'], ['card|salmiya|2026-11-26']],
        candidateLineIds: [['b1'], ['b1']],
        reason: '2 ways to read this line: choose one.',
      },
    ])
  })

  it('offers both lines when two equal lines could pay one deposit', () => {
    const lines = [bankLine('b1', '2026-11-30', 980_000), bankLine('b2', '2026-12-01', 980_000)]
    const { matches, offers } = match([thursdayCard], lines)
    expect(matches).toEqual([])
    expect(offers.map((o) => [o.bankLineIds, o.candidates])).toEqual([
      [['b1'], [['card|kemang|2026-11-26']]],
      [['b2'], [['card|kemang|2026-11-26']]],
    ])
  })

  it('matches a line within the fee tolerance, and finds the fee the processor took', () => {
    const { matches } = match([thursdayCard], [bankLine('b1', '2026-11-30', 975_500)])
    expect(matches.map((m) => [m.kind, m.fee, m.shortfall])).toEqual([['within-fee', 24_500, 0]])
  })

  it('does not take card money above its gross (a fee below nothing)', () => {
    const small = expectedDeposit('card', 'kemang', '2026-11-26', 10_000, { fee: 200, lagDays: 2 })
    expect(match([small], [bankLine('b1', '2026-11-30', 10_050)]).matches).toEqual([])
  })

  it('matches a cash deposit short of the count, the difference as a shortfall', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const { matches } = match([cash], [bankLine('b1', '2026-11-27', 1_990_000)])
    expect(matches.map((m) => [m.kind, m.fee, m.shortfall])).toEqual([['within-fee', 0, 10_000]])
  })

  it('matches one line to several days of one method and location in a row, weekend included', () => {
    const days = ['2026-11-27', '2026-11-28', '2026-11-29'].map((date, i) =>
      expectedDeposit('card', 'kemang', date, 500_000 * (i + 1), {
        fee: 10_000 * (i + 1),
        lagDays: 2,
      }),
    )
    const other = expectedDeposit('card', 'salmiya', '2026-11-28', 1_000_000, {
      fee: 20_000,
      lagDays: 2,
    })
    const { matches } = match([...days, other], [bankLine('b1', '2026-12-02', 2_935_000)])
    expect(matches).toEqual([
      expect.objectContaining({
        kind: 'several-days',
        expectedIds: days.map((d) => d.id),
        fee: 3_000_000 - 2_935_000,
      }),
    ])
  })

  it('joins days in a row across a day with nothing expected (no takings of the method)', () => {
    // E-wallet takings on Monday 23 and Wednesday 25, none on Tuesday; paid in one line.
    const days = ['2026-11-23', '2026-11-25'].map((date) =>
      expectedDeposit('e_wallet', 'kemang', date, 500_000, { fee: 7_500 }),
    )
    expect(match(days, [bankLine('b1', '2026-11-26', 985_000)]).matches).toEqual([
      expect.objectContaining({ kind: 'several-days', expectedIds: days.map((d) => d.id) }),
    ])
  })

  it('does not join days around a day whose takings the line leaves out', () => {
    const days = ['2026-11-24', '2026-11-25', '2026-11-26'].map((date) =>
      expectedDeposit('card', 'kemang', date, 500_000, { lagDays: 2 }),
    )
    const [tuesday, wednesday, thursday] = days as [ExpectedDeposit, ...ExpectedDeposit[]]
    const paidWednesday: DepositMatch = {
      id: 'main|b0',
      bankAccountId: 'main',
      bankLineIds: ['b0'],
      expectedIds: [wednesday!.id],
      kind: 'by-hand',
      fee: 0,
      shortfall: 0,
    }
    const line = bankLine('b1', '2026-11-30', 1_000_000)
    expect(match([tuesday, thursday!], [line]).matches.map((m) => m.kind)).toEqual(['several-days'])
    expect(match(days, [line], { kept: [paidWednesday] }).matches).toEqual([paidWednesday])
  })

  it('does not join days more than a week apart', () => {
    const days = ['2026-11-19', '2026-11-26'].map((date) =>
      expectedDeposit('card', 'kemang', date, 500_000, { lagDays: 2 }),
    )
    expect(match(days, [bankLine('b1', '2026-11-30', 1_000_000)]).matches).toEqual([])
  })

  it('matches one deposit paid in two lines', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const lines = [bankLine('b1', '2026-11-27', 1_200_000), bankLine('b2', '2026-11-30', 800_000)]
    expect(match([cash], lines).matches).toEqual([
      expect.objectContaining({
        id: 'main|b1+b2',
        bankAccountId: 'main',
        bankLineIds: ['b1', 'b2'],
        expectedIds: [cash.id],
        kind: 'split',
        shortfall: 0,
      }),
    ])
  })

  it('offers, never matches, two lines that could as well pay takings a person is asked about', () => {
    const kemang = expectedDeposit('cash', 'kemang', '2026-11-23', 1_000_000)
    const salmiya = expectedDeposit('cash', 'salmiya', '2026-11-23', 1_012_000)
    const card = expectedDeposit('card', 'kemang', '2026-11-26', 1_000_000, { lagDays: 0 })
    const lines = [
      bankLine('b1', '2026-11-26', 1_000_000), // Kemang's cash or its card: offered
      bankLine('b2', '2026-11-24', 600_000), // with b3, Kemang's cash or Salmiya's
      bankLine('b3', '2026-11-25', 405_000),
    ]
    const { matches, offers } = match([kemang, salmiya, card], lines)
    expect(matches).toEqual([])
    expect(offers.map((o) => o.bankLineIds)).toEqual([['b1'], ['b2', 'b3']])
  })

  it('takes the exact line first, over another line merely near the same deposit', () => {
    const lines = [bankLine('b1', '2026-11-30', 979_000), bankLine('b2', '2026-11-30', 980_000)]
    const { matches, offers } = match([thursdayCard], lines)
    expect(matches.map((m) => [m.id, m.kind])).toEqual([['main|b2', 'exact']])
    expect(offers).toEqual([])
  })

  it('offers a line equal to one deposit when, with a line nothing explains, it pays another', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const card = expectedDeposit('card', 'kemang', '2026-11-26', 1_200_000, { lagDays: 0 })
    const lines = [bankLine('b1', '2026-11-27', 1_200_000), bankLine('b2', '2026-11-27', 800_000)]
    const { matches, offers } = match([cash, card], lines)
    expect(matches).toEqual([])
    expect(offers).toEqual([
      {
        bankAccountId: 'main',
        bankLineIds: ['b1', 'b2'],
        candidates: [[card.id], [cash.id]],
        candidateLineIds: [['b1'], ['b1', 'b2']],
        reason: '2 ways to read these lines: choose one.',
      },
    ])
  })

  it('offers two lines that each pay takings of their own or together a cash deposit', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const kemang = expectedDeposit('card', 'kemang', '2026-11-26', 1_210_000, { lagDays: 0 })
    const salmiya = expectedDeposit('card', 'salmiya', '2026-11-26', 805_000, { lagDays: 0 })
    const lines = [bankLine('b1', '2026-11-27', 1_200_000), bankLine('b2', '2026-11-27', 800_000)]
    const { matches, offers } = match([cash, kemang, salmiya], lines)
    expect(matches).toEqual([])
    expect(offers).toEqual([
      {
        bankAccountId: 'main',
        bankLineIds: ['b1', 'b2'],
        candidates: [[kemang.id], [cash.id], [salmiya.id]],
        candidateLineIds: [['b1'], ['b1', 'b2'], ['b2']],
        reason: '2 ways to read these lines: choose one.',
      },
    ])
  })

  it('offers a line near one deposit when another line may pay that deposit with a third', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const lines = [
      bankLine('b1', '2026-11-27', 1_990_000), // near the cash alone
      bankLine('b2', '2026-11-27', 1_500_000), // with b3, the cash paid in two
      bankLine('b3', '2026-11-30', 500_000),
    ]
    const { matches, offers } = match([cash], lines)
    expect(matches).toEqual([])
    // The pair only stands in the way: a deposit offered already is not offered again split.
    expect(offers.map((o) => [o.bankLineIds, o.candidates])).toEqual([[['b1'], [[cash.id]]]])
  })

  it('takes neither card money in two lines nor cash in lines more than a business day apart', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const card = expectedDeposit('card', 'kemang', '2026-11-26', 1_000_000, { lagDays: 0 })
    const lines = [
      bankLine('b1', '2026-11-26', 600_000),
      bankLine('b2', '2026-11-26', 400_000),
      bankLine('b3', '2026-11-27', 1_200_000), // Friday
      bankLine('b4', '2026-12-01', 800_000), // Tuesday
    ]
    expect(match([cash, card], lines)).toEqual({ matches: [], offers: [] })
  })

  it('ignores money going out, and another account’s lines', () => {
    const lines = [
      bankLine('b1', '2026-11-30', -980_000),
      bankLine('b2', '2026-11-30', 980_000, 'savings'),
    ]
    expect(match([thursdayCard], lines)).toEqual({ matches: [], offers: [] })
  })

  it('keeps matches already made, and matches nothing else to their lines or deposits', () => {
    const byHand: DepositMatch = {
      id: 'main|b1',
      bankAccountId: 'main',
      bankLineIds: ['b1'],
      expectedIds: [thursdayCard.id],
      kind: 'by-hand',
      fee: 20_000,
      shortfall: 0,
      confirmedAt: 5,
    }
    const lines = [bankLine('b1', '2026-11-30', 980_000), bankLine('b2', '2026-11-30', 980_000)]
    expect(match([thursdayCard], lines, { kept: [byHand] })).toEqual({
      matches: [byHand],
      offers: [],
    })
  })

  it('never makes again a match a person unmatched, but still offers it', () => {
    const { matches, offers } = match([thursdayCard], [bankLine('b1', '2026-11-30', 980_000)], {
      refused: ['main|b1'],
    })
    expect(matches).toEqual([])
    expect(offers).toEqual([
      {
        bankAccountId: 'main',
        bankLineIds: ['b1'],
        candidates: [[thursdayCard.id]],
        candidateLineIds: [['b1']],
        reason: 'Unmatched by hand before: Till does not match it again on its own.',
      },
    ])
  })
})

describe('bank accounts keep their own line ids', () => {
  const savingsCash = expectedDeposit('cash', 'kemang', '2026-11-26', 500_000, {
    lagDays: 1,
    bankAccountId: 'savings',
  })
  const thursdayMatch = (id: string) => ({
    id: `main|${id}`,
    bankAccountId: 'main',
    bankLineIds: [id],
    expectedIds: ['card|kemang|2026-11-26'],
    kind: 'exact',
    fee: 20_000,
    shortfall: 0,
    confirmedAt: 1_000,
  })

  it('matches a line whose id another account also gives, read first, to nothing', () => {
    const savingsLine = bankLine('b1', '2026-11-30', 7_777_000, 'savings')
    const { matches } = match([thursdayCard], [savingsLine, bankLine('b1', '2026-12-01', 980_000)])
    expect(matches).toEqual([thursdayMatch('b1')])
  })

  it('matches a line whose id stands in another account’s kept match', () => {
    const kept: DepositMatch = {
      id: 'savings|b1+s1',
      bankAccountId: 'savings',
      bankLineIds: ['b1', 's1'],
      expectedIds: [savingsCash.id],
      kind: 'by-hand',
      fee: 0,
      shortfall: 0,
    }
    const { matches } = match(
      [thursdayCard, savingsCash],
      [bankLine('b1', '2026-11-30', 980_000)],
      { kept: [kept] },
    )
    expect(matches).toEqual([kept, thursdayMatch('b1')])
  })

  it('matches the lines of two accounts that share an id, each to its own account’s takings', () => {
    const { matches, offers } = match(
      [thursdayCard, savingsCash],
      [bankLine('b1', '2026-12-01', 980_000), bankLine('b1', '2026-11-27', 500_000, 'savings')],
    )
    expect(matches.map((m) => [m.id, m.bankAccountId, m.expectedIds])).toEqual([
      ['main|b1', 'main', [thursdayCard.id]],
      ['savings|b1', 'savings', [savingsCash.id]],
    ])
    expect(offers).toEqual([])
  })

  it('offers the lines of two accounts that share an id apart, each under its own account', () => {
    const salmiya = { ...thursdayCard, id: 'card|salmiya|2026-11-26', locationId: 'salmiya' }
    const savingsTwice = [savingsCash, { ...savingsCash, id: 'cash|salmiya|2026-11-26' }]
    const { matches, offers } = match(
      [thursdayCard, salmiya, ...savingsTwice],
      [bankLine('b1', '2026-12-01', 980_000), bankLine('b1', '2026-11-27', 500_000, 'savings')],
    )
    expect(matches).toEqual([])
    expect(offers.map((o) => [o.bankAccountId, o.bankLineIds, o.candidates.flat().sort()])).toEqual(
      [
        ['main', ['b1'], [thursdayCard.id, salmiya.id].sort()],
        ['savings', ['b1'], savingsTwice.map((e) => e.id).sort()],
      ],
    )
  })
})
