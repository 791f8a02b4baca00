import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { billFacets } from '../../../../src-renderer/sessions/tables/bill-facets'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  AccountMappingError,
  defaultedInRange,
  readMapping,
  rolesInCache,
  saveMapping,
} from '../../../../src-renderer/exports/jobs/account-mapping'
import {
  roleFromKey,
  roleKey,
  type AccountMapping,
} from '../../../../src-renderer/exports/rules/accounts'
import { expense, line, payment, sale } from '../../../support/exports/fixtures'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/** The mapping as saving it into an empty cache keeps it; its refusal is thrown. */
async function saveChecked(mapping: AccountMapping): Promise<AccountMapping> {
  db?.close()
  db = new TillDatabase(`till-mapping-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  return saveMapping(db, mapping)
}

async function issues(mapping: AccountMapping): Promise<{ path: string; message: string }[]> {
  try {
    await saveChecked(mapping)
  } catch (error) {
    if (!(error instanceof AccountMappingError)) throw error
    return error.issues.map((i) => ({ path: i.path.map(String).join(' / '), message: i.message }))
  }
  return []
}

const general = (accounts: AccountMapping['accounts']): AccountMapping => ({
  accounts,
  locations: {},
})

describe('role keys', () => {
  it('read back every role they were made from, and nothing else', () => {
    for (const key of [
      'sales',
      'clearing:gift card',
      'tax-payable:PPN 11%',
      'expense:Rent: office',
    ])
      expect(roleKey(roleFromKey(key)!)).toBe(key)
    for (const key of ['clearing', 'clearing:', 'toString', 'constructor:x', 'bonus', ''])
      expect(roleFromKey(key), key).toBeNull()
  })
})

describe('account mapping rules', async () => {
  it('takes a mapping of chart, method, tax and category accounts, trimmed, per location too', async () => {
    const checked = await saveChecked({
      accounts: {
        sales: { code: ' 4001 ', name: ' Shop sales ' },
        'clearing:voucher': { code: '1050', name: 'Vouchers' },
        'tax-payable:PB1': { code: '2100', name: 'Tax payable:PB1' },
        'tax-payable:PPN': { code: '2100', name: 'Tax payable:PPN' },
        'expense:Rent': { code: '6100', name: 'Rent' },
      },
      locations: { '102': { sales: { code: '4002', name: 'Sales, branch' } } },
    })
    expect(checked.accounts.sales).toEqual({ code: '4001', name: 'Shop sales' })
    expect(checked.locations['102']?.sales?.code).toBe('4002')
  })

  it('explains each malformed code or name at its field', async () => {
    const found = await issues(
      general({
        sales: { code: '', name: 'Sales' },
        discounts: { code: '4050 x', name: 'Discounts' },
        'fee-income': { code: '41000000000', name: 'Fees' },
        rounding: { code: '6990', name: '  ' },
        'cash-over-short': { code: '6900', name: 'Over\nshort' },
        receivable: { code: '1100', name: 'Receivable::Shop' },
      }),
    )
    expect(found).toEqual([
      { path: 'accounts / sales / code', message: 'Enter the account code.' },
      {
        path: 'accounts / discounts / code',
        message: 'Use letters, digits, dots and dashes, starting with a letter or digit.',
      },
      {
        path: 'accounts / fee-income / code',
        message: 'An account code has at most 10 characters (Xero’s limit).',
      },
      { path: 'accounts / rounding / name', message: 'Enter the account name.' },
      { path: 'accounts / cash-over-short / name', message: 'A name is one line, without tabs.' },
      {
        path: 'accounts / receivable / name',
        message: 'A sub-account is written Parent:Child, with text on both sides of each colon.',
      },
    ])
  })

  it('refuses one code for two accounts, also against the default chart, and one name under two codes', async () => {
    expect(
      await issues(general({ 'clearing:voucher': { code: '1000', name: 'Vouchers' } })),
    ).toEqual([
      {
        path: 'accounts / clearing:voucher / code',
        message:
          'Code 1000 is already “Cash clearing” (Payment method “cash”): one code names one account.',
      },
    ])
    expect(
      await issues({
        accounts: { sales: { code: '4001', name: 'Sales' } },
        locations: { '102': { 'fee-income': { code: '4101', name: 'Sales' } } },
      }),
    ).toEqual([
      {
        path: 'locations / 102 / fee-income / name',
        message: '“Sales” already has code 4001 (Sales): one name, one code.',
      },
    ])
    // Mapping the default's role away frees its code.
    expect(
      await issues(
        general({
          'clearing:cash': { code: '1001', name: 'Till cash' },
          'clearing:voucher': { code: '1000', name: 'Vouchers' },
        }),
      ),
    ).toEqual([])
  })

  it('reports no conflict with an account whose own fields are malformed', async () => {
    expect(
      await issues(
        general({
          sales: { code: '', name: 'Shop sales' },
          'fee-income': { code: '4101', name: 'Shop sales' },
        }),
      ),
    ).toEqual([{ path: 'accounts / sales / code', message: 'Enter the account code.' }])
  })

  it('refuses one code for accounts of two kinds, and lets two roles share one account', async () => {
    expect(await issues(general({ rounding: { code: '4000', name: 'Sales' } }))).toEqual([
      {
        path: 'accounts / rounding / code',
        message: 'Code 4000 is an income account (Sales); Rounding needs an expense account.',
      },
    ])
    expect(
      await issues(
        general({
          'clearing:qris': { code: '1010', name: 'Card clearing' },
          'cash-over-short': { code: '6990', name: 'Rounding' },
        }),
      ),
    ).toEqual([])
  })

  it('takes a Xero tax rate per tax, trimmed, drops an empty one, and wants input tax’s percentage', async () => {
    const checked = await saveChecked({
      ...general({}),
      xeroTaxRates: {
        'tax-payable:PPN 11%': { name: ' Tax on Sales 11% ' },
        'tax-payable:PB1': { name: '  ' },
        'input-tax': { name: 'GST on Expenses', percent: 12.5 },
      },
    })
    expect(checked.xeroTaxRates).toEqual({
      'tax-payable:PPN 11%': { name: 'Tax on Sales 11%' },
      'input-tax': { name: 'GST on Expenses', percent: 12.5 },
    })
    const refused = async (xeroTaxRates: AccountMapping['xeroTaxRates']) =>
      (await issues({ ...general({}), xeroTaxRates })).map((i) => i.message)
    expect(await refused({ 'input-tax': { name: 'GST on Expenses' } })).toEqual([
      'Give input tax’s Xero tax rate its percentage too: expenses do not say it.',
    ])
    expect(await refused({ 'input-tax': { name: 'GST', percent: 0 } })).toEqual([
      'A tax rate’s percentage is more than 0.',
    ])
    expect(await refused({ 'input-tax': { name: 'GST', percent: Number('12,5') } })).toEqual([
      'A tax rate’s percentage is a number.',
    ])
    expect(await refused({ sales: { name: 'GST on Income' } })).toEqual([
      'Only a tax has a Xero tax rate.',
    ])
    expect(await refused({ 'tax-payable:PB1': { name: 'GST\ton Income' } })).toEqual([
      'A tax rate name is one line, without tabs.',
    ])
  })

  it('refuses a role Till does not post to', async () => {
    expect((await issues(general({ bonus: { code: '1', name: 'Bonus' } })))[0]?.message).toBe(
      'Till posts to no role “bonus”.',
    )
  })
})

let db: TillDatabase | undefined
afterEach(() => db?.close())

async function cache(): Promise<TillDatabase> {
  db = new TillDatabase(`till-mapping-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const bills = [
    sale({
      id: 'b1',
      taxes: [{ name: 'PB1', rate: 10, amount: 909 }],
      lines: [line('b1-l1', 10_000, 909)],
      payments: [payment('b1-p1', 'gift_card', 10_000)],
    }),
    sale({ id: 'b2', businessDate: '2026-11-19', payments: [payment('b2-p1', 'voucher', 10_000)] }),
  ]
  await db.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  await db.expenses.put(expense({ category: 'Rent', paymentMethod: 'cash' }))
  return db
}

describe('account mapping in the cache', () => {
  it('saves a checked mapping and reads it back; refuses a bad one and keeps the saved one', async () => {
    const database = await cache()
    expect(await readMapping(database)).toEqual({ ...EMPTY_MAPPING, subAccountCodes: {} })
    const mapping = general({ 'clearing:gift_card': { code: '1070', name: 'Gift cards' } })
    await saveMapping(database, mapping)
    expect(await readMapping(database)).toEqual({ ...mapping, subAccountCodes: {} })
    await expect(
      saveMapping(database, general({ sales: { code: '', name: 'Sales' } })),
    ).rejects.toBeInstanceOf(AccountMappingError)
    expect(await readMapping(database)).toEqual({ ...mapping, subAccountCodes: {} })
    const withRates = { ...mapping, xeroTaxRates: { 'tax-payable:PB1': { name: 'PB1 10%' } } }
    await saveMapping(database, withRates)
    expect(await readMapping(database)).toEqual({ ...withRates, subAccountCodes: {} })
  })

  it('finds the methods, taxes and categories of the shop, and those an export check met', async () => {
    const database = await cache()
    const keys = async () => (await rolesInCache(database)).map(roleKey).sort()
    expect(await keys()).toEqual(
      [
        'clearing:cash',
        'clearing:gift_card',
        'clearing:voucher',
        'expense:Rent',
        'tax-payable:PB1',
        'tax-payable:VAT',
      ].sort(),
    )
    await database.accountRoles.put({ key: 'tax-payable:Old tax' })
    expect(await keys()).toContain('tax-payable:Old tax')
    // Each tax and category has its own code under 2100 or 6000, given in name order as met,
    // and kept: a tax met later takes the next code, one named before it included.
    expect((await readMapping(database)).subAccountCodes).toEqual({
      'expense:Rent': '6001',
      'tax-payable:PB1': '2101',
      'tax-payable:VAT': '2102',
      'tax-payable:Old tax': '2103',
    })
    await database.accountRoles.put({ key: 'tax-payable:A new tax' })
    await keys()
    expect((await readMapping(database)).subAccountCodes).toMatchObject({
      'tax-payable:A new tax': '2104',
      'tax-payable:PB1': '2101',
    })
  })

  it('says before an export which roles of the range would go to a default account', async () => {
    const database = await cache()
    const range = { from: '2026-11-20', to: '2026-11-20', locationId: '' }
    const keys = async (mapping: AccountMapping) =>
      (await defaultedInRange(database, mapping, range)).map((d) => [d.roleKey, d.account.code])
    expect(await keys(EMPTY_MAPPING)).toEqual([
      ['clearing:gift_card', '1090'],
      ['tax-payable:PB1', '2101'],
      ['expense:Rent', '6001'],
    ])
    expect((await readMapping(database)).subAccountCodes).toEqual({
      'tax-payable:PB1': '2101',
      'expense:Rent': '6001',
    })
    expect(
      await keys(
        general({
          'clearing:gift_card': { code: '1070', name: 'Gift cards' },
          'expense:Rent': { code: '6100', name: 'Rent' },
        }),
      ),
    ).toEqual([['tax-payable:PB1', '2101']])
    // The voucher of the day before is not in the range; the check remembers what it met.
    expect((await database.accountRoles.toCollection().primaryKeys()).sort()).toEqual(
      ['clearing:cash', 'clearing:gift_card', 'expense:Rent', 'tax-payable:PB1'].sort(),
    )
  })
})
