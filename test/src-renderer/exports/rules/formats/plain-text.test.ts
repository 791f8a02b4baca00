import { describe, expect, it } from 'vitest'
import { PlainTextAccounts } from '../../../../../src-renderer/exports/rules/formats/plain-text'

/** Beancount's rule for an account: a root, then components of a capital or digit first and
 * letters, digits and dashes after. */
const BEANCOUNT_ACCOUNT = /^(Assets|Liabilities|Income|Expenses)(:[A-Z0-9][A-Za-z0-9-]*)+$/

describe('plain-text account names', () => {
  it('are valid beancount names, a component per name part, the root not doubled', () => {
    const names = new PlainTextAccounts()
    expect(names.name({ code: '2101', name: 'Tax payable:PPN 11%', kind: 'liability' })).toEqual({
      name: 'Liabilities:Tax-payable:PPN-11',
      first: true,
    })
    expect(names.name({ code: '6001', name: 'Expenses:Ingredients', kind: 'expense' }).name).toBe(
      'Expenses:Ingredients',
    )
    expect(names.name({ code: '4000', name: 'Sales', kind: 'income' }).name).toBe('Income:Sales')
    expect(names.name({ code: '6000', name: 'Expenses', kind: 'expense' }).name).toBe(
      'Expenses:Expenses',
    )
    for (const name of ['café: ünïcode', '  :::', '"quoted"; (x) [y]', 'lower case', '日本語'])
      expect(names.name({ code: '', name, kind: 'expense' }).name).toMatch(BEANCOUNT_ACCOUNT)
  })

  it('name an account the same every time, and never fold two accounts into one', () => {
    const names = new PlainTextAccounts()
    const a = names.name({ code: '2110', name: 'PPN (11%)', kind: 'liability' })
    const b = names.name({ code: '2110', name: 'PPN [11%]', kind: 'liability' })
    expect(a.name).toBe('Liabilities:PPN-11')
    expect(b.name).toMatch(/^Liabilities:PPN-11-[0-9A-F]{8}$/)
    const c = names.name({ code: '2120', name: 'PPN (11%)', kind: 'liability' })
    expect(c.name).toMatch(/^Liabilities:PPN-11-[0-9A-F]{8}$/)
    expect(c.name).not.toBe(b.name)
    expect(names.name({ code: '2110', name: 'PPN (11%)', kind: 'liability' })).toEqual({
      name: a.name,
      first: false,
    })
  })

  it('cut a long name, one letter that folds into many included, and keep two cut names apart', () => {
    const names = new PlainTextAccounts()
    const long = [
      names.name({ code: '6001', name: `Expenses:${'Rent '.repeat(20_000)}A`, kind: 'expense' }),
      names.name({ code: '6001', name: `Expenses:${'Rent '.repeat(20_000)}B`, kind: 'expense' }),
      names.name({ code: '6002', name: 'ﷺ'.repeat(100), kind: 'expense' }),
      names.name({ code: '6003', name: 'a:'.repeat(5_000), kind: 'expense' }),
    ].map((n) => n.name)
    expect(new Set(long).size).toBe(long.length)
    for (const name of long) {
      expect(name).toMatch(BEANCOUNT_ACCOUNT)
      expect(name.length).toBeLessThanOrEqual(169)
    }
    expect(long[0]).toMatch(/^Expenses:Rent-Rent-.*-[0-9A-F]{8}$/)
  })
})
