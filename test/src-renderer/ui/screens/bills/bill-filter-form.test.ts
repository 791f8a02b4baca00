import { describe, expect, it } from 'vitest'
import {
  filtersFromForm,
  NO_FILTER,
} from '../../../../../src-renderer/ui/screens/bills/bill-filter-form'
import { nextDate, startOfMerchantDay } from '../../../../../src-shared/domain/business-date'

describe('merchant days', () => {
  it.each([
    ['2026-11-20', 'Asia/Jakarta', '2026-11-19T17:00:00Z'],
    ['2026-11-20', 'Pacific/Kiritimati', '2026-11-19T10:00:00Z'],
    ['2026-11-20', 'Pacific/Pago_Pago', '2026-11-20T11:00:00Z'],
    ['2026-11-20', 'UTC', '2026-11-20T00:00:00Z'],
    // The days either side of New York's clocks going forward and back.
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00Z'],
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00Z'],
    ['2026-11-02', 'America/New_York', '2026-11-02T05:00:00Z'],
  ])('%s starts in %s at %s', (date, zone, instant) => {
    expect(startOfMerchantDay(date, zone)).toBe(Date.parse(instant))
  })

  it('steps over month and year ends', () => {
    expect(nextDate('2026-02-28')).toBe('2026-03-01')
    expect(nextDate('2028-02-28')).toBe('2028-02-29')
    expect(nextDate('2026-12-31')).toBe('2027-01-01')
  })
})

describe('the filter form', () => {
  it('includes the whole of both dates, in the merchant zone', () => {
    const filters = filtersFromForm(
      { ...NO_FILTER, from: '2026-11-20', to: '2026-11-21' },
      'Asia/Jakarta',
    )
    expect(filters.createdFrom).toBe(Date.parse('2026-11-19T17:00:00Z'))
    expect(filters.createdTo).toBe(Date.parse('2026-11-21T17:00:00Z'))
  })

  it('leaves an empty field unfiltered and passes the rest through', () => {
    expect(filtersFromForm(NO_FILTER, 'UTC')).toEqual({
      createdFrom: null,
      createdTo: null,
      locationId: null,
      registerSessionId: null,
      type: null,
      method: null,
      paymentState: null,
      numberPrefix: '',
    })
    const filters = filtersFromForm(
      { ...NO_FILTER, location: '101', type: 'refund', method: 'qris', state: 'unpaid' },
      'UTC',
    )
    expect(filters).toMatchObject({
      locationId: '101',
      type: 'refund',
      method: 'qris',
      paymentState: 'unpaid',
    })
  })
})
