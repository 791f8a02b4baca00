import { describe, expect, it } from 'vitest'
import { basisPointsOf } from '../../../../src-shared/domain/money'
import {
  defaultDepositSettings,
  depositSettingsSchema,
  estimatedFee,
  floatKept,
  termsFor,
  toleranceFor,
  type DepositSettings,
} from '../../../../src-renderer/deposits/rules/deposit-settings'

const settings = defaultDepositSettings('idr')

function withChanges(change: (s: DepositSettings) => void): DepositSettings {
  const copy = structuredClone(settings)
  change(copy)
  return copy
}

const messages = (value: unknown) => {
  const result = depositSettingsSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

describe('deposit settings', () => {
  it('starts with one bank account in the shop’s currency that every method reaches', () => {
    expect(settings.bankAccounts).toEqual([{ id: 'main', name: 'Bank account', currency: 'IDR' }])
    expect(settings.settlements.every((t) => t.bankAccountId === 'main')).toBe(true)
    expect(depositSettingsSchema.parse(settings)).toEqual(settings)
  })

  it('takes a location’s own terms over the method’s general ones', () => {
    const s = withChanges((c) =>
      c.settlements.push({ ...c.settlements[0]!, locationIds: ['kemang'], lagDays: 3 }),
    )
    expect(termsFor(s, 'card', 'kemang')?.lagDays).toBe(3)
    expect(termsFor(s, 'card', 'salmiya')?.lagDays).toBe(2)
    expect(termsFor(s, 'voucher', 'salmiya')).toBeNull()
  })

  it('keeps a location’s float, else the default', () => {
    const s = withChanges((c) => {
      c.cash.floatByLocation = { kemang: 500_000 }
      c.cash.defaultFloat = 200_000
    })
    expect(floatKept(s, 'kemang')).toBe(500_000)
    expect(floatKept(s, 'salmiya')).toBe(200_000)
  })

  it('estimates a fee in whole minor units, rounding half up, exactly for large amounts', () => {
    expect(basisPointsOf(12_345, 290)).toBe(358) // 357.9
    expect(basisPointsOf(50, 100)).toBe(1) // 0.5 rounds up
    expect(basisPointsOf(9_007_199_254_740_991, 1)).toBe(900_719_925_474)
    const terms = { ...settings.settlements[0]!, feeBasisPoints: 290, feeFixed: 30 }
    expect(estimatedFee(terms, 100_000, 4)).toBe(2_900 + 120)
    expect(estimatedFee(terms, 50, 4)).toBe(50)
    expect(estimatedFee(terms, 0, 4)).toBe(0)
  })

  it('allows a percentage of the gross plus a fixed amount around the expected amount', () => {
    const s = withChanges((c) => (c.tolerance = { basisPoints: 100, fixed: 25 }))
    expect(toleranceFor(s, 100_000)).toBe(1_025)
  })

  it('refuses settings that name a bank account Till does not have', () => {
    const bad = withChanges((c) => (c.cash.bankAccountId = 'savings'))
    expect(messages(bad)).toEqual(['No bank account has the id “savings”.'])
  })

  it('refuses two bank accounts with one id and two terms for one method and location', () => {
    const bad = withChanges((c) => {
      c.bankAccounts.push({ ...c.bankAccounts[0]!, name: 'Savings' })
      c.settlements.push({ ...c.settlements[0]! })
    })
    expect(messages(bad)).toEqual([
      'Two bank accounts have the id “main”.',
      '“card” has two sets of terms for all locations.',
    ])
  })

  it('refuses a bad currency, a fee over 100 %, fractions of a minor unit and cash as a method', () => {
    const bad = withChanges((c) => {
      c.bankAccounts[0]!.currency = 'rupiah'
      c.settlements[0]!.feeBasisPoints = 10_001
      c.settlements[1]!.feeFixed = 0.5
      c.settlements[2]!.method = 'cash'
    })
    expect(messages(bad)).toEqual([
      'Give the account’s currency as a three-letter code, such as IDR.',
      'A fee is at most 100 %.',
      'Amounts are whole minor units.',
      'Cash has settings of its own.',
    ])
  })
})
