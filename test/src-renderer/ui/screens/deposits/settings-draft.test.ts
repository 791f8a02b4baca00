import { describe, expect, it } from 'vitest'
import {
  defaultDepositSettings,
  type DepositSettings,
} from '../../../../../src-renderer/deposits/rules/deposit-settings'
import {
  expectedDeposits,
  type DepositSession,
} from '../../../../../src-renderer/deposits/rules/expected-deposits'
import { matchDeposits, type KeptLine } from '../../../../../src-renderer/deposits/rules/matching'
import { numberMarks } from '../../../../../src-renderer/format/amount-text'
import {
  draftOf,
  settingsFromDraft,
  type SettingsDraft,
} from '../../../../../src-renderer/ui/screens/deposits/settings-draft'

const marks = numberMarks('en-US')
const names: Record<string, string> = { '101': 'Kemang' }
const locationName = (id: string) => names[id] ?? id

/** The default settings with a second bank account to assign methods to. */
function twoAccounts(): DepositSettings {
  const settings = defaultDepositSettings('USD')
  settings.bankAccounts.push({ id: 'savings', name: 'Savings', currency: 'USD' })
  return settings
}

function read(settings: DepositSettings, edit: (draft: SettingsDraft) => void) {
  const draft = draftOf(settings, 'USD', marks)
  edit(draft)
  return settingsFromDraft(settings, draft, 'USD', marks, locationName)
}

describe('the deposit settings form', () => {
  it('shows the settings as typed text: fees and tolerance in percent, floats and amounts as the shop writes them', () => {
    const settings = twoAccounts()
    settings.cash.defaultFloat = 150_000
    settings.cash.floatByLocation = { '101': 20_050 }
    settings.tolerance = { basisPoints: 25, fixed: 100 }
    const draft = draftOf(settings, 'USD', marks)
    expect(draft.cash).toEqual({
      bankAccountId: 'main',
      lag: '1',
      defaultFloat: '1,500.00',
      floats: { '101': '200.50' },
    })
    expect(draft.terms[0]).toEqual({
      bankAccountId: 'main',
      lag: '2',
      fee: '2',
      feePerPayment: '0.00',
    })
    expect(draft.terms[1]!.fee).toBe('0.7')
    expect(draft.window).toEqual({ before: '1', after: '5' })
    expect(draft.tolerance).toEqual({ percent: '0.25', fixed: '1.00' })
  })

  it('reads back floats per location, the window, the tolerance and a method paid into another account', () => {
    const result = read(twoAccounts(), (draft) => {
      draft.cash.defaultFloat = '500'
      draft.cash.floats = { '101': '250.75', '102': ' ' }
      draft.cash.bankAccountId = 'savings'
      draft.terms[0]!.bankAccountId = 'savings'
      draft.window = { before: '2', after: '10' }
      draft.tolerance = { percent: '0.5', fixed: '3.25' }
    })
    expect(result.ok).toBe(true)
    const saved = (result as { settings: DepositSettings }).settings
    expect(saved.cash).toEqual({
      bankAccountId: 'savings',
      lagDays: 1,
      defaultFloat: 50_000,
      floatByLocation: { '101': 25_075 },
    })
    expect(saved.settlements.map((t) => [t.method, t.bankAccountId])).toEqual([
      ['card', 'savings'],
      ['qris', 'main'],
      ['e_wallet', 'main'],
      ['bank_transfer', 'main'],
    ])
    expect(saved.window).toEqual({ daysBefore: 2, daysAfter: 10 })
    expect(saved.tolerance).toEqual({ basisPoints: 50, fixed: 325 })
  })

  it('reads the fee per payment, so a card settlement net of it is found', () => {
    // 40 card payments coming to Rp 5,000,000; the processor keeps 2 % and Rp 320 a payment.
    const session: DepositSession = {
      id: 's1',
      locationId: '101',
      businessDate: '2026-11-26',
      currency: 'IDR',
      methods: { card: { collected: 5_000_000, returned: 0, entries: 40 } },
      expectedCash: 0,
      countedCash: null,
      nextOpeningFloat: null,
    }
    const settlement: KeptLine = {
      id: 'b1',
      date: '2026-11-30',
      amount: 5_000_000 - 100_000 - 40 * 320,
      currency: 'IDR',
      text: 'CARD SETTLEMENT',
      bankAccountId: 'main',
    }
    const matchesUnder = (settings: DepositSettings) =>
      matchDeposits({
        expected: expectedDeposits([session], settings),
        lines: [settlement],
        kept: [],
        refused: [],
        settings,
      }).matches.map((m) => [m.bankLineIds, m.expectedIds, m.fee])
    const defaults = defaultDepositSettings('IDR')
    // 12,800 short of 2 % alone: beyond the 0.2 % tolerance (10,000).
    expect(matchesUnder(defaults)).toEqual([])
    const draft = draftOf(defaults, 'IDR', marks)
    draft.terms[0]!.feePerPayment = '320'
    const result = settingsFromDraft(defaults, draft, 'IDR', marks, locationName)
    expect(result.ok).toBe(true)
    const saved = (result as { settings: DepositSettings }).settings
    expect(saved.settlements[0]).toMatchObject({ method: 'card', feeFixed: 320 })
    expect(matchesUnder(saved)).toEqual([[['b1'], ['card|101|2026-11-26'], 112_800]])
  })

  it('refuses what is not a figure, naming the field, and what the schema refuses', () => {
    expect(read(twoAccounts(), (d) => (d.cash.floats = { '101': '12.345' }))).toEqual({
      ok: false,
      message: expect.stringMatching(/^Float kept at Kemang: USD has at most 2 decimals/),
    })
    expect(read(twoAccounts(), (d) => (d.window.after = 'a week'))).toEqual({
      ok: false,
      message: 'Days after: give a whole number of days.',
    })
    expect(read(twoAccounts(), (d) => (d.tolerance.percent = '1/2'))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Tolerance: give a percentage/),
    })
    expect(read(twoAccounts(), (d) => (d.window.before = '40'))).toMatchObject({ ok: false })
    expect(read(twoAccounts(), (d) => (d.terms[0]!.bankAccountId = 'gone'))).toEqual({
      ok: false,
      message: 'No bank account has the id “gone”.',
    })
  })
})
