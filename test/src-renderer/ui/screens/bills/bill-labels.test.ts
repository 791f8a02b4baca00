import { describe, expect, it } from 'vitest'
import {
  billStateLabel,
  signedAmount,
} from '../../../../../src-renderer/ui/screens/bills/bill-labels'
import { formatMoney } from '../../../../../src-renderer/format/format-money'

describe("a bill's state in words", () => {
  it('reads a sale by what was paid against it', () => {
    expect(billStateLabel({ type: 'sale', paymentState: 'partly_paid' })).toBe('Partly paid')
    expect(billStateLabel({ type: 'sale', paymentState: 'unpaid' })).toBe('Unpaid')
    expect(billStateLabel({ type: 'sale', paymentState: 'paid' })).toBe('Paid')
  })

  it('reads a refund or a void by what it is, never as "Paid"', () => {
    expect(billStateLabel({ type: 'refund', paymentState: 'paid' })).toBe('Refunded')
    expect(billStateLabel({ type: 'void', paymentState: 'paid' })).toBe('Voided')
  })
})

describe("a bill's amounts as money moves", () => {
  it('shows a sale as it is and a refund or void going out', () => {
    expect(signedAmount({ type: 'sale' }, 1_460_000)).toBe(1_460_000)
    expect(signedAmount({ type: 'refund' }, 1_460_000)).toBe(-1_460_000)
    expect(signedAmount({ type: 'void' }, 25_000)).toBe(-25_000)
    expect(formatMoney(signedAmount({ type: 'refund' }, 1_460_000), 'IDR')).toMatch(/^-|−/)
  })

  it('leaves nothing due on a refund as zero, not minus zero', () => {
    expect(Object.is(signedAmount({ type: 'refund' }, 0), 0)).toBe(true)
  })
})

describe('an amount going out', () => {
  it('keeps its minus on the line of its figure', () => {
    const text = formatMoney(-64_000, 'IDR')
    // A hyphen-minus allows a line break after it; the word joiner takes that away.
    expect(text).toMatch(/^-\u2060IDR\s64,000$/)
    expect(formatMoney(64_000, 'IDR')).toMatch(/^IDR\s64,000$/)
  })
})
