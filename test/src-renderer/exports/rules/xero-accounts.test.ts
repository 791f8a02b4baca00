import { describe, expect, it } from 'vitest'
import {
  CHART_ROLES,
  defaultAccount,
  packageAccountTypes,
  roleKey,
} from '../../../../src-renderer/exports/rules/accounts'
import { checkXeroMapping } from '../../../../src-renderer/exports/rules/xero-accounts'
import { EMPTY_MAPPING } from '../../../support/journal-context'

describe('accounts Xero and QuickBooks accept', () => {
  it('makes the default chart of accounts a manual journal can post to', () => {
    const receivable = defaultAccount({ type: 'receivable' }).account
    expect(receivable).toMatchObject({ code: '1100', name: 'Unpaid bills clearing', kind: 'asset' })
    expect(packageAccountTypes({ type: 'receivable' })).toEqual({
      xero: 'Current Asset',
      quickBooks: 'Other Current Assets',
    })
    for (const role of CHART_ROLES)
      expect(
        ['Current Asset', 'Current Liability', 'Equity', 'Revenue', 'Expense'],
        roleKey(role),
      ).toContain(packageAccountTypes(role).xero)
    // Pay-ins come from the owner by default: an equity account, which Xero and QuickBooks keep.
    expect(packageAccountTypes({ type: 'cash-pay-in' })).toEqual({
      xero: 'Equity',
      quickBooks: 'Equity',
    })
    expect(packageAccountTypes({ type: 'tax-payable', tax: 'VAT' })).toEqual({
      xero: 'Current Liability',
      quickBooks: 'Other Current Liabilities',
    })
    expect(packageAccountTypes({ type: 'expense', category: 'Rent' }).quickBooks).toBe('Expenses')
    expect(() => checkXeroMapping(EMPTY_MAPPING)).not.toThrow()
  })

  it('names each role mapped to a Xero system account, for every location or one', () => {
    const refusal = (): void =>
      checkXeroMapping({
        accounts: {
          receivable: { code: '610', name: 'accounts receivable ' },
          sales: { code: '200', name: 'Sales' },
        },
        locations: { '102': { 'tax-payable:VAT': { code: '820', name: 'GST' } } },
      })
    const cannotPost =
      'a Xero system account that manual journals cannot post to: map it to a current asset or liability of its own.'
    expect(refusal).toThrow(
      'Not exported: Xero would refuse this journal. ' +
        `Unpaid bills (receivable) goes to “accounts receivable ”, ${cannotPost} ` +
        `Tax “VAT” (location 102) goes to “GST”, ${cannotPost} ` +
        'Change it in Settings → Account mapping.',
    )
  })
})
