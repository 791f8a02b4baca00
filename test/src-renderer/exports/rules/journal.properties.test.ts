import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../../../src-renderer/exports/rules/journal-entry'
import {
  billEntries,
  postingKeys,
  type PostedView,
} from '../../../../src-renderer/exports/rules/journal'
import { dayClose } from '../../../support/exports/day-close'
import {
  accountTotals,
  context,
  movement,
  perBill,
  perSession,
  sortedTotals,
} from '../../../support/exports/journals'
import { shopArbitrary, type Shop } from '../../../support/exports/shop'

const consistentShops = shopArbitrary({ consistent: true })
const anyShops = shopArbitrary({ consistent: false })

const isRevenue = (role: string) => ['sales', 'fee-income', 'discounts'].includes(role)
const isTax = (role: string) => role.startsWith('tax-payable:')

function inSession(entries: readonly JournalEntry[], sessionId: string): JournalEntry[] {
  return entries.filter((e) => e.registerSessionId === sessionId && e.kind !== 'expense')
}

describe('journal properties over generated shops (0, 2 and 3 decimals)', () => {
  it('balances every entry to the minor unit', () => {
    fc.assert(
      fc.property(anyShops, (shop) => {
        for (const { entries } of [perBill(shop), perSession(shop)])
          for (const entry of entries) {
            expect(entry.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0)
            for (const l of entry.lines) expect(Number.isSafeInteger(l.amount)).toBe(true)
          }
      }),
      { numRuns: 200 },
    )
  })

  it('gives the same totals per account per bill and per session summary, overall and per session', () => {
    fc.assert(
      fc.property(anyShops, (shop) => {
        const bills = perBill(shop).entries
        const sessions = perSession(shop).entries
        expect(sortedTotals(accountTotals(sessions))).toEqual(sortedTotals(accountTotals(bills)))
        for (const { id } of shop.sessions)
          expect(sortedTotals(accountTotals(inSession(sessions, id)))).toEqual(
            sortedTotals(accountTotals(inSession(bills, id))),
          )
      }),
      { numRuns: 200 },
    )
  })

  it('dates per-bill entries by their session, as its summary: the same totals per date and account', () => {
    fc.assert(
      fc.property(anyShops, (shop) => {
        const bills = perBill(shop).entries
        const sessions = perSession(shop).entries
        expect(sortedTotals(accountTotals(sessions, true))).toEqual(
          sortedTotals(accountTotals(bills, true)),
        )
        const dateOf = new Map(shop.sessions.map((s) => [s.id, s.businessDate]))
        for (const entry of bills)
          if (entry.kind === 'bill' && entry.registerSessionId !== null)
            expect(entry.date).toBe(dateOf.get(entry.registerSessionId))
      }),
      { numRuns: 200 },
    )
  })

  it('agrees with the day-close figures of every session', () => {
    fc.assert(
      fc.property(consistentShops, fc.boolean(), (shop: Shop, summarised) => {
        const { entries } = summarised ? perSession(shop) : perBill(shop)
        for (const { id } of shop.sessions) {
          const figures = dayClose(shop, id)
          const session = inSession(entries, id)
          // Prices include tax: revenue (credit-positive) plus the tax it carried is net sales.
          const revenue = 0 - movement(session, isRevenue)
          const tax = 0 - movement(session, isTax)
          expect(tax).toBe(figures.tax)
          expect(revenue + tax).toBe(figures.netSales)
          for (const method of new Set([...figures.net.keys(), 'cash']))
            expect(movement(session, (role) => role === `clearing:${method}`)).toBe(
              figures.net.get(method) ?? 0,
            )
          const withExpenses = entries.filter((e) => e.registerSessionId === id)
          expect(movement(withExpenses, (role) => role === 'clearing:cash')).toBe(
            (figures.net.get('cash') ?? 0) - figures.cashExpenses,
          )
          // An expense paid any other way is paid from the bank: the takings stay whole.
          for (const method of figures.net.keys())
            if (method !== 'cash')
              expect(movement(withExpenses, (role) => role === `clearing:${method}`)).toBe(
                figures.net.get(method),
              )
        }
      }),
      { numRuns: 200 },
    )
  })

  it('lists exactly the bills whose total breaks the identity, with the amount sent to Rounding', () => {
    fc.assert(
      fc.property(anyShops, (shop) => {
        const { entries, problems } = perBill(shop)
        const rounding = problems.filter((p) => p.kind === 'rounding')
        const expected = shop.bills.filter((b) => {
          const lines = b.lines.reduce((s, l) => s + l.total, 0)
          const discounts = b.discounts.reduce((s, d) => s + d.amount, 0)
          const fees = b.fees.reduce((s, f) => s + f.amount, 0)
          return b.total !== lines - discounts + fees
        })
        expect(rounding.map((p) => p.billId)).toEqual(expected.map((b) => b.id))
        for (const problem of rounding) {
          const bill = shop.bills.find((b) => b.id === problem.billId)
          const entry = entries.find((e) => e.id === problem.billId)
          const sign = bill?.type === 'sale' ? 1 : -1
          expect(movement(entry ? [entry] : [], (r) => r === 'rounding')).toBe(
            -sign * problem.difference,
          )
        }
      }),
      { numRuns: 200 },
    )
  })

  it('consults and writes only the posting keys postingKeys names, so one lookup serves a slice', () => {
    fc.assert(
      fc.property(anyShops, fc.boolean(), (shop, posted) => {
        const keys = new Set(postingKeys(shop.bills))
        const asked: string[] = []
        const spy: PostedView = {
          postedPayments: (billId) => {
            asked.push(billId)
            return posted
              ? shop.bills
                  .find((b) => b.id === billId)
                  ?.payments.slice(1)
                  .map((p) => p.id)
              : undefined
          },
          isPosted: (entryId) => {
            asked.push(entryId)
            return posted
          },
        }
        const { entries } = billEntries(shop.bills, context(spy))
        expect([...asked, ...entries.map((e) => e.id)].filter((key) => !keys.has(key))).toEqual([])
      }),
      { numRuns: 100 },
    )
  })
})
