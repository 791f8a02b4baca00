import { describe, expect, it } from 'vitest'
import {
  categoryLabel,
  methodLabel,
  methodLabelInText,
  taxLabel,
} from '../../../src-renderer/format/labels'

describe('labels of codes and taxes', () => {
  it('names known methods and makes unknown codes readable', () => {
    expect(methodLabel('bank_transfer')).toBe('Bank transfer')
    expect(methodLabel('qris')).toBe('QRIS')
    expect(methodLabel('pos_voucher')).toBe('Pos voucher')
    expect(methodLabel('gift-card')).toBe('Gift card')
    expect(methodLabelInText('qris')).toBe('QRIS')
    expect(methodLabelInText('bank_transfer')).toBe('bank transfer')
    expect(categoryLabel('cleaning_supplies')).toBe('Cleaning supplies')
    expect(categoryLabel('Ingredients')).toBe('Ingredients')
  })

  it('states a tax rate once', () => {
    expect(taxLabel({ name: 'VAT 5%', rate: 5 })).toBe('VAT 5%')
    expect(taxLabel({ name: 'PB1 10 %', rate: 10 })).toBe('PB1 10 %')
    expect(taxLabel({ name: 'VAT', rate: 11 })).toBe('VAT 11%')
    expect(taxLabel({ name: 'GST 15%', rate: 5 })).toBe('GST 15% 5%')
    expect(taxLabel({ name: 'Service tax', rate: 2.5 })).toBe('Service tax 2.5%')
    expect(taxLabel({ name: 'Levy', rate: null })).toBe('Levy')
  })
})
