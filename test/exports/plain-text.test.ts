import { describe, expect, it } from 'vitest'
import { PlainTextAccounts } from '../../src-renderer/exports/formats/plain-text'

/** Beancount's rule for an account: a root, then components of a capital or digit first and
 * letters, digits and dashes after. */
const BEANCOUNT_ACCOUNT = /^(Assets|Liabilities|Income|Expenses)(:[A-Z0-9][A-Za-z0-9-]*)+$/

describe('plain-text account names', () => {
  it('are valid beancount names, with the code first and a component per name part', () => {
    const names = new PlainTextAccounts()
    expect(names.name({ code: '2100', name: 'Tax payable:PPN 11%', kind: 'liability' })).toEqual({
      name: 'Liabilities:2100-Tax-payable:PPN-11',
      first: true,
    })
    for (const name of ['café: ünïcode', '  :::', '"quoted"; (x) [y]', 'lower case', '日本語'])
      expect(names.name({ code: '', name, kind: 'expense' }).name).toMatch(BEANCOUNT_ACCOUNT)
  })

  it('name an account the same every time, and never fold two accounts into one', () => {
    const names = new PlainTextAccounts()
    const a = names.name({ code: '2110', name: 'PPN (11%)', kind: 'liability' })
    const b = names.name({ code: '2110', name: 'PPN [11%]', kind: 'liability' })
    expect(a.name).toBe('Liabilities:2110-PPN-11')
    expect(b.name).toMatch(/^Liabilities:2110-PPN-11-[0-9A-F]{8}$/)
    expect(names.name({ code: '2110', name: 'PPN (11%)', kind: 'liability' })).toEqual({
      name: a.name,
      first: false,
    })
  })
})
