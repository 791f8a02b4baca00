import { describe, expect, it } from 'vitest'
import {
  AccountResolver,
  defaultAccount,
  roleKey,
  type AccountRole,
} from '../../../../src-renderer/exports/rules/accounts'
import { EMPTY_MAPPING } from '../../../support/journal-context'

describe('default chart', () => {
  it('has the accounts of the design, one clearing account per known method', () => {
    const chart: [AccountRole, string, string][] = [
      [{ type: 'clearing', method: 'cash' }, '1000', 'Cash clearing'],
      [{ type: 'clearing', method: 'card' }, '1010', 'Card clearing'],
      [{ type: 'clearing', method: 'qris' }, '1020', 'QRIS clearing'],
      [{ type: 'clearing', method: 'bank_transfer' }, '1030', 'Bank transfer clearing'],
      [{ type: 'clearing', method: 'e_wallet' }, '1040', 'E-wallet clearing'],
      [{ type: 'clearing', method: 'voucher' }, '1090', 'Other clearing'],
      [{ type: 'receivable' }, '1100', 'Unpaid bills clearing'],
      [{ type: 'input-tax' }, '1400', 'Input tax'],
      [{ type: 'tax-payable', tax: 'PPN 11%' }, '2100', 'Tax payable:PPN 11%'],
      [{ type: 'sales' }, '4000', 'Sales'],
      [{ type: 'discounts' }, '4050', 'Discounts'],
      [{ type: 'fee-income' }, '4100', 'Fee income'],
      [{ type: 'expense', category: 'Rent' }, '6000', 'Expenses:Rent'],
      [{ type: 'cash-over-short' }, '6900', 'Cash over/short'],
      [{ type: 'rounding' }, '6990', 'Rounding'],
    ]
    for (const [role, code, name] of chart)
      expect(defaultAccount(role).account, roleKey(role)).toMatchObject({ code, name })
  })
})

describe('account mapping', () => {
  const mapping = {
    accounts: {
      sales: { code: '400', name: 'Sales' },
      'clearing:voucher': { code: '1050', name: 'Vouchers' },
      'tax-payable:VAT': { code: '2200', name: 'VAT output' },
    },
    locations: { loc2: { sales: { code: '401', name: 'Sales, branch two' } } },
  }

  it('takes the location’s account, else the general one, else the default, keeping the role’s kind', () => {
    const resolver = new AccountResolver(mapping)
    expect(resolver.resolve({ type: 'sales' }, 'loc2')).toEqual({
      code: '401',
      name: 'Sales, branch two',
      kind: 'income',
    })
    expect(resolver.resolve({ type: 'sales' }, 'loc1')).toEqual({
      code: '400',
      name: 'Sales',
      kind: 'income',
    })
    expect(resolver.resolve({ type: 'rounding' }, 'loc2')).toEqual({
      code: '6990',
      name: 'Rounding',
      kind: 'expense',
    })
    expect(resolver.resolve({ type: 'tax-payable', tax: 'VAT' }, 'loc1').kind).toBe('liability')
  })

  it('gives a role one account at a location however often it is asked, which nobody can change', () => {
    const resolver = new AccountResolver(mapping)
    const sales = resolver.resolve({ type: 'sales' }, 'loc1')
    expect(resolver.resolve({ type: 'sales' }, 'loc1')).toBe(sales)
    expect(resolver.resolve({ type: 'sales' }, 'loc2').code).toBe('401')
    expect(resolver.resolve({ type: 'tax-payable', tax: 'GST' }, 'loc1')).not.toBe(
      resolver.resolve({ type: 'tax-payable', tax: 'VAT' }, 'loc1'),
    )
    expect(() => Object.assign(sales, { code: '999' })).toThrow(TypeError)
  })

  it('reports, once each, the unknown methods, taxes and categories it had to default', () => {
    const resolver = new AccountResolver(mapping)
    const roles: AccountRole[] = [
      { type: 'clearing', method: 'cash' },
      { type: 'clearing', method: 'gift_card' },
      { type: 'clearing', method: 'voucher' },
      { type: 'tax-payable', tax: 'VAT' },
      { type: 'tax-payable', tax: 'PB1' },
      { type: 'expense', category: 'Rent' },
      { type: 'clearing', method: 'gift_card' },
      { type: 'sales' },
    ]
    for (const role of roles) resolver.resolve(role, 'loc1')
    expect(resolver.defaulted.map((d) => [d.roleKey, d.account.code, d.account.name])).toEqual([
      ['clearing:gift_card', '1090', 'Other clearing'],
      ['tax-payable:PB1', '2101', 'Tax payable:PB1'],
      ['expense:Rent', '6001', 'Expenses:Rent'],
    ])
    expect(new AccountResolver(EMPTY_MAPPING).defaulted).toEqual([])
  })

  it('gives each tax and category a code of its own under 2100 and 6000, keeping codes given before', () => {
    const resolver = new AccountResolver({
      ...EMPTY_MAPPING,
      subAccountCodes: { 'tax-payable:VAT 11%': '2102', 'expense:Rent': '6001' },
    })
    const code = (role: AccountRole): string => resolver.resolve(role, 'loc1').code
    expect(code({ type: 'tax-payable', tax: 'PB1 10%' })).toBe('2101')
    expect(code({ type: 'tax-payable', tax: 'VAT 11%' })).toBe('2102')
    expect(code({ type: 'tax-payable', tax: 'Levy' })).toBe('2103')
    expect(code({ type: 'tax-payable', tax: 'PB1 10%' })).toBe('2101')
    expect(code({ type: 'expense', category: 'Ingredients' })).toBe('6002')
    expect(code({ type: 'expense', category: 'Rent' })).toBe('6001')
    expect(resolver.subAccountCodes).toEqual({
      'tax-payable:PB1 10%': '2101',
      'tax-payable:VAT 11%': '2102',
      'tax-payable:Levy': '2103',
      'expense:Rent': '6001',
      'expense:Ingredients': '6002',
    })
    const many = new AccountResolver(EMPTY_MAPPING)
    const codes = Array.from(
      { length: 101 },
      (_, i) => many.resolve({ type: 'tax-payable', tax: `T${i}` }, '').code,
    )
    expect(codes.slice(97)).toEqual(['2198', '2199', '2100.100', '2100.101'])
  })
})
