import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../../src-renderer/database/database'
import {
  AccountMappingError,
  saveMapping,
} from '../../../../../src-renderer/exports/jobs/account-mapping'
import type { AccountMapping } from '../../../../../src-renderer/exports/rules/accounts'
import {
  EVERY_LOCATION,
  fieldErrors,
  fieldKey,
  fieldScope,
  formFromMapping,
  inherited,
  mappingFromForm,
  mappingRows,
} from '../../../../../src-renderer/ui/screens/settings/account-mapping-form'

const mapping: AccountMapping = {
  accounts: { 'tax-payable:PB1': { code: '2110', name: 'PB1 payable' } },
  locations: { '102': { sales: { code: '4002', name: 'Sales, branch' } } },
}

describe('account mapping editor', () => {
  it('lists the chart, then what the shop uses, marking only unmapped guesses', () => {
    const rows = mappingRows(
      [
        { type: 'clearing', method: 'gift_card' },
        { type: 'clearing', method: 'cash' },
        { type: 'tax-payable', tax: 'PB1' },
        { type: 'expense', category: 'Rent' },
      ],
      mapping,
    )
    expect(rows.slice(0, 5).map((r) => r.key)).toEqual([
      'clearing:cash',
      'clearing:card',
      'clearing:qris',
      'clearing:bank_transfer',
      'clearing:e_wallet',
    ])
    expect(
      rows.filter((r) => r.needsMapping).map((r) => [r.key, r.group, r.fallback.code]),
    ).toEqual([
      ['clearing:gift_card', 'Payment methods', '1090'],
      ['expense:Rent', 'Expense categories', '6000'],
    ])
    expect(rows.find((r) => r.key === 'tax-payable:PB1')?.group).toBe('Taxes')
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length)
  })

  it('turns the form back into the mapping, leaving empty rows to their fallback', () => {
    const form = formFromMapping(mapping)
    expect(mappingFromForm(form)).toEqual(mapping)
    form[EVERY_LOCATION]!['tax-payable:PB1'] = { code: ' ', name: '' }
    form['102']!.sales = { code: '', name: '' }
    form['103'] = { rounding: { code: '6991', name: '' } }
    expect(mappingFromForm(form)).toEqual({
      accounts: {},
      locations: { '103': { rounding: { code: '6991', name: '' } } },
    })
    // The form is a copy: editing it left the mapping alone.
    expect(mapping.locations['102']?.sales?.code).toBe('4002')
  })

  it('shows what an empty row posts to: the general account for a location, else the chart’s', () => {
    const rows = mappingRows([], mapping)
    const sales = rows.find((r) => r.key === 'sales')!
    const form = formFromMapping({
      ...mapping,
      accounts: { sales: { code: '4001', name: 'Shop' } },
    })
    expect(inherited(form, '102', sales)).toEqual({ code: '4001', name: 'Shop' })
    expect(inherited(form, EVERY_LOCATION, sales).code).toBe('4000')
  })

  it('puts each problem of a refused mapping at its field, in its scope', async () => {
    const db = new TillDatabase(`till-mapping-form-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    let error: unknown
    try {
      await saveMapping(db, {
        accounts: { sales: { code: '', name: 'Sales' } },
        locations: { '102': { 'clearing:voucher': { code: '1000', name: 'Vouchers' } } },
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AccountMappingError)
    const errors = fieldErrors(error as AccountMappingError)
    expect(errors.get(fieldKey(EVERY_LOCATION, 'sales', 'code'))).toBe('Enter the account code.')
    expect(errors.get(fieldKey('102', 'clearing:voucher', 'code'))).toMatch(/^Code 1000 is already/)
    expect([...errors.keys()].map(fieldScope).sort()).toEqual(['', '102'])
    db.close()
  })
})
