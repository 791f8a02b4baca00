import { describe, expect, it } from 'vitest'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../../src-renderer/deposits/rules/expected-deposits'
import {
  leftoverReasons,
  type OpenSessionDay,
} from '../../../../src-renderer/deposits/rules/leftover-reasons'
import type { KeptLine } from '../../../../src-renderer/deposits/rules/matching'

const settings = defaultDepositSettings('IDR')

const cash = (locationId: string, businessDate: string, amount: number): ExpectedDeposit => ({
  id: `cash|${locationId}|${businessDate}`,
  method: 'cash',
  locationId,
  businessDate,
  dueDate: businessDate,
  bankAccountId: 'main',
  currency: 'IDR',
  gross: amount,
  expectedFee: 0,
  amount,
  sessionIds: [],
})

const line = (date: string, amount: number): KeptLine => ({
  id: 'l1',
  date,
  amount,
  currency: 'IDR',
  text: 'CASH DEPOSIT',
  bankAccountId: 'main',
})

const reason = (l: KeptLine, open: ExpectedDeposit[], openSessions: OpenSessionDay[] = []) =>
  leftoverReasons({ open, settings, openSessions })(l)

describe('why a bank line is left', () => {
  it('says no takings when none wait in its account', () => {
    expect(reason(line('2026-12-04', 500_000), [])).toEqual({ kind: 'no-takings' })
    const elsewhere = { ...cash('a', '2026-12-04', 500_000), bankAccountId: 'other' }
    expect(reason(line('2026-12-04', 500_000), [elsewhere])).toEqual({ kind: 'no-takings' })
  })

  it('says short by the difference from the nearest takings in the window', () => {
    const days = [cash('a', '2026-12-04', 9_000_000), cash('a', '2026-12-05', 8_000_000)]
    const got = reason(line('2026-12-05', 16_000_000), days)
    expect(got).toEqual({
      kind: 'short',
      nearest: { deposits: days, difference: -1_000_000 },
    })
  })

  it('says over when the bank paid more than the nearest takings', () => {
    const day = cash('a', '2026-12-04', 26_673_882)
    const got = reason(line('2026-12-06', 30_522_382), [day])
    expect(got).toEqual({ kind: 'over', nearest: { deposits: [day], difference: 3_848_500 } })
  })

  it('says a session is still open on a day the line could pay, with the nearest difference', () => {
    const day = cash('a', '2026-12-04', 26_673_882)
    const got = reason(
      line('2026-12-06', 30_522_382),
      [day],
      [
        { locationId: 'a', businessDate: '2026-12-05' },
        { locationId: 'a', businessDate: '2026-12-20' },
      ],
    )
    expect(got).toEqual({
      kind: 'session-open',
      locationId: 'a',
      businessDate: '2026-12-05',
      nearest: { deposits: [day], difference: 3_848_500 },
    })
  })

  it('counts the readings when two fit, and names the one that fits when another line holds it', () => {
    const two = [cash('a', '2026-12-04', 500_000), cash('b', '2026-12-04', 500_000)]
    expect(reason(line('2026-12-04', 500_000), two)).toMatchObject({
      kind: 'several-fit',
      count: 2,
    })
    expect(reason(line('2026-12-04', 500_500), [two[0]!])).toEqual({
      kind: 'taken',
      nearest: { deposits: [two[0]], difference: 500 },
    })
  })

  it('says outside the window, with how many days from the nearest takings due', () => {
    const early = cash('a', '2026-11-20', 500_000)
    expect(reason(line('2026-12-04', 500_000), [early])).toEqual({
      kind: 'outside-window',
      nearest: early,
      days: 14,
    })
  })
})
