import { describe, expect, it } from 'vitest'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import { settlementOf, type DepositMatch } from '../../../../src-renderer/deposits/rules/matching'
import { accountMappingSchema } from '../../../../src-renderer/exports/rules/account-mapping-schema'
import {
  AccountResolver,
  type AccountMapping,
} from '../../../../src-renderer/exports/rules/accounts'
import {
  depositEntry,
  depositKey,
  type DepositPosting,
} from '../../../../src-renderer/exports/rules/deposit-entries'
import { bankLine, expectedDeposit } from '../../../support/deposits'
import { EMPTY_MAPPING, NOTHING_POSTED } from '../../../support/journal-context'

const bank = defaultDepositSettings('IDR').bankAccounts[0]!

function posting(
  expected: DepositPosting['expected'],
  lines: DepositPosting['lines'],
  kind: DepositMatch['kind'] = 'exact',
): DepositPosting {
  const banked = lines.reduce((sum, l) => sum + l.amount, 0)
  const bankLineIds = lines.map((l) => l.id).sort()
  return {
    match: {
      id: `${lines[0]!.bankAccountId}|${bankLineIds.join('+')}`,
      bankAccountId: lines[0]!.bankAccountId,
      bankLineIds,
      expectedIds: expected.map((e) => e.id),
      kind,
      ...settlementOf(expected, banked),
    },
    expected,
    lines,
    bankAccount: bank,
  }
}

const context = (mapping: AccountMapping = EMPTY_MAPPING) => ({
  accounts: new AccountResolver(mapping),
  timeZone: 'Asia/Jakarta',
  posted: NOTHING_POSTED,
})

const summary = (entry: ReturnType<typeof depositEntry>) =>
  entry.lines.map((l) => [l.role, `${l.account.code} ${l.account.name}`, l.amount])

describe('deposit entries', () => {
  it('debits the bank what arrived and merchant fees what the processor kept, against card clearing', () => {
    const card = expectedDeposit('card', 'kemang', '2026-11-26', 1_000_000, { fee: 20_000 })
    const entry = depositEntry(posting([card], [bankLine('b1', '2026-11-27', 975_000)]), context())
    expect(entry).toMatchObject({
      id: 'deposit:main:b1',
      kind: 'deposit',
      date: '2026-11-27',
      currency: 'IDR',
      locationId: 'kemang',
      registerSessionId: null,
    })
    expect(summary(entry)).toEqual([
      ['bank:main', '1201 Bank:main', 975_000],
      ['merchant-fees', '6150 Merchant fees', 25_000],
      ['clearing:card', '1010 Card clearing', -1_000_000],
    ])
  })

  it('posts a cash deposit short of the count to Cash over/short, and one over it as a credit', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const short = depositEntry(
      posting([cash], [bankLine('b1', '2026-11-27', 1_990_000)]),
      context(),
    )
    expect(summary(short)).toEqual([
      ['bank:main', '1201 Bank:main', 1_990_000],
      ['cash-over-short', '6900 Cash over/short', 10_000],
      ['clearing:cash', '1000 Cash clearing', -2_000_000],
    ])
    const over = depositEntry(posting([cash], [bankLine('b1', '2026-11-27', 2_000_500)]), context())
    expect(summary(over)[1]).toEqual(['cash-over-short', '6900 Cash over/short', -500])
  })

  it('posts a difference a person explained to Cash over/short under its reason, with no fee', () => {
    const card = expectedDeposit('card', 'kemang', '2026-11-26', 1_000_000, { fee: 20_000 })
    const overpaid = posting([card], [bankLine('b1', '2026-11-27', 1_100_000)], 'by-hand')
    const entry = depositEntry(
      {
        ...overpaid,
        match: { ...overpaid.match, fee: 0, shortfall: -100_000, explained: 'over-banked' },
      },
      context(),
    )
    expect(entry.lines.map((l) => [l.role, l.amount, l.memo])).toEqual([
      ['bank:main', 1_100_000, bank.name],
      ['cash-over-short', -100_000, 'Difference to explain: Over-banked'],
      ['clearing:card', -1_000_000, expect.stringContaining('takings')],
    ])
  })

  it('balances against the gross as it is now when a count or a cash movement changed it since the match', () => {
    const matched = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const made = posting([matched], [bankLine('b1', '2026-11-27', 2_000_000)])
    // Counted 20,000 more than the drawer expected when the match was made.
    const recounted = { ...matched, gross: 2_020_000, amount: 2_020_000 }
    const entry = depositEntry({ ...made, expected: [recounted] }, context())
    expect(summary(entry)).toEqual([
      ['bank:main', '1201 Bank:main', 2_000_000],
      ['cash-over-short', '6900 Cash over/short', 20_000],
      ['clearing:cash', '1000 Cash clearing', -2_020_000],
    ])
    const explained = { ...made.match, kind: 'by-hand' as const, explained: 'short-cash' as const }
    const explainedEntry = depositEntry(
      { ...made, match: explained, expected: [recounted] },
      context(),
    )
    expect(explainedEntry.lines.map((l) => [l.role, l.amount])).toEqual([
      ['bank:main', 2_000_000],
      ['cash-over-short', 20_000],
      ['clearing:cash', -2_020_000],
    ])
  })

  it('credits each day of a batch, at its own location’s clearing account, and balances', () => {
    const days = ['2026-11-27', '2026-11-28'].map((date) =>
      expectedDeposit('qris', 'kemang', date, 300_000, { fee: 2_100 }),
    )
    const mapping: AccountMapping = {
      accounts: { 'bank:main': { code: '1210', name: 'BCA 123' } },
      locations: { kemang: { 'clearing:qris': { code: '1021', name: 'QRIS clearing Kemang' } } },
    }
    const entry = depositEntry(
      posting(days, [bankLine('q9', '2026-12-01', 595_800)], 'several-days'),
      context(mapping),
    )
    expect(summary(entry)).toEqual([
      ['bank:main', '1210 Bank:BCA 123', 595_800],
      ['merchant-fees', '6150 Merchant fees', 4_200],
      ['clearing:qris', '1021 QRIS clearing Kemang', -300_000],
      ['clearing:qris', '1021 QRIS clearing Kemang', -300_000],
    ])
    expect(entry.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0)
    expect(entry.description).toBe('Settlement of QRIS takings 2026-11-27–2026-11-28: Line q9')
  })

  it('takes the key from the bank account and the first bank line of a split, and the date from the last', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const lines = [bankLine('z2', '2026-11-30', 800_000), bankLine('a1', '2026-11-27', 1_200_000)]
    const entry = depositEntry(posting([cash], lines, 'split'), context())
    expect([entry.id, entry.date]).toEqual(['deposit:main:a1', '2026-11-30'])
    expect(depositKey({ bankAccountId: 'savings', bankLineIds: ['z2', 'a1'] })).toBe(
      'deposit:savings:a1',
    )
  })

  it('keeps the key a match kept by line ids alone was posted under', () => {
    const cash = expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)
    const lines = [bankLine('a1', '2026-11-27', 2_000_000)]
    const made = posting([cash], lines)
    const entry = depositEntry(
      { ...made, match: { ...made.match, postingKey: 'deposit:a1' } },
      context(),
    )
    expect(entry.id).toBe('deposit:a1')
  })

  it('lets a bookkeeper map bank accounts and the fee account like any other', () => {
    const mapping = accountMappingSchema.parse({
      accounts: {
        'bank:main': { code: '1210', name: 'BCA 123' },
        'merchant-fees': { code: '6155', name: 'Biaya MDR' },
      },
      locations: {},
    })
    expect(Object.keys(mapping.accounts)).toEqual(['bank:main', 'merchant-fees'])
    expect(
      accountMappingSchema.safeParse({
        accounts: { 'bank:': { code: '1', name: 'x' } },
        locations: {},
      }).success,
    ).toBe(false)
  })
})
