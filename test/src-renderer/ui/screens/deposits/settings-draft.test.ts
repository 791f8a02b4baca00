import { describe, expect, it } from 'vitest'
import {
  defaultDepositSettings,
  type DepositSettings,
} from '../../../../../src-renderer/domain/deposits/deposit-settings'
import { numberMarks } from '../../../../../src-renderer/domain/format/amount-text'
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
    expect(draft.terms[0]).toEqual({ bankAccountId: 'main', lag: '2', fee: '2' })
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
