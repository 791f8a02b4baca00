import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { businessDate, startOfMerchantDay } from '../../../../src-shared/domain/business-date'
import {
  addDestination,
  switchGranularity,
} from '../../../../src-renderer/exports/tables/destinations'
import type { ExportRange } from '../../../../src-renderer/exports/tables/export-rows'
import type { Granularity } from '../../../../src-renderer/exports/rules/export-log'
import type { JournalEntry } from '../../../../src-renderer/exports/rules/journal-entry'
import {
  database,
  dayAfter,
  entriesOf,
  exportTo,
  loggedTo,
  roleTotals,
  store,
  type SessionHours,
} from '../../../support/exports/cached-shop'
import { applyChange, changeArbitrary } from '../../../support/exports/changes'
import { accountTotals, sortedTotals } from '../../../support/exports/journals'
import { shopArbitrary, TIME_ZONE, type Shop } from '../../../support/exports/shop'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/**
 * An export of a range holds exactly the entries dated inside it (docs/ledger.md#entry-dates), so
 * a period exported in consecutive ranges (per bill, per session, or each side of a cut-over),
 * before and after later changes, gives the books one export of the whole period gives another
 * destination: the same total per account, no entry twice, none missing. Runs the real export
 * over a real cache (fake-indexeddb).
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The generated sessions fall on 20–23 Nov; late reversals up to two days after. */
const PERIOD = { from: '2026-11-20', days: 7 }
const PERIOD_END = dayAfter(PERIOD.from, PERIOD.days - 1)

function opening(date: string): number {
  return startOfMerchantDay(date, TIME_ZONE) + 8 * HOUR
}

/** Each session trades from 08:00 to 22:00 of its business day. */
const HOURS: SessionHours = (s) => ({
  openedAt: opening(s.businessDate),
  closedAt: opening(s.businessDate) + 14 * HOUR,
})

/** 0 to `most` days, fixed by a payment's id. */
function daysLater(id: string, most: number): number {
  return [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % (most + 1)
}

/**
 * The shop with every record timed inside the session it belongs to (the generator times them
 * all on the first day): a bill and an expense in their session's hours, a payment in those of
 * the session it was taken in (one of no session just after its bill, or a day later), and a
 * reversal an hour after its payment, or a day or two later, after the session closed. The same shop again gives
 * the same times, so it can be applied after every change.
 */
function onSessionDays(shop: Shop): Shop {
  const openings = new Map(shop.sessions.map((s) => [s.id, opening(s.businessDate)]))
  const minutesInto = (session: string | null, otherwise: number, minutes: number) =>
    ((session === null ? undefined : openings.get(session)) ?? otherwise) + minutes * 60_000
  const bills = shop.bills.map((bill, k) => {
    const createdAt = minutesInto(
      bill.registerSessionId,
      bill.createdAt - 5 * (k + 1) * 60_000,
      5 * (k + 1),
    )
    const payments = bill.payments.map((p, j) => {
      const paidAt = minutesInto(
        p.registerSessionId,
        createdAt - 5 * (k + 1) * 60_000 + daysLater(p.id, 1) * DAY,
        5 * (k + 1) + j + 1,
      )
      return {
        ...p,
        createdAt: paidAt,
        reversedAt: p.reversedAt === null ? null : paidAt + HOUR + daysLater(p.id, 2) * DAY,
      }
    })
    return { ...bill, createdAt, businessDate: businessDate(createdAt, TIME_ZONE), payments }
  })
  const expenses = shop.expenses.map((e, i) => {
    const createdAt = minutesInto(
      e.registerSessionId,
      e.createdAt - 7 * (i + 1) * 60_000,
      7 * (i + 1),
    )
    return { ...e, createdAt, expenseDate: businessDate(createdAt, TIME_ZONE) }
  })
  return { ...shop, bills, expenses }
}

/** The period cut before each of `cuts` (days into it): consecutive ranges covering it. */
function rangesOf(cuts: readonly number[]): ExportRange[] {
  const starts = [0, ...[...new Set(cuts)].sort((a, b) => a - b)]
  return starts.map((start, i) => ({
    from: dayAfter(PERIOD.from, start),
    to: dayAfter(PERIOD.from, (starts[i + 1] ?? PERIOD.days) - 1),
    locationId: '',
  }))
}

function ids(entries: readonly JournalEntry[]): string[] {
  return entries.map((e) => e.id)
}

/** The posting key an entry stands under: its id without `:adj:<n>` or a log reversal's suffix. */
function keyOf(id: string): string {
  return id.replace(/:adj:\d+(:reversal)?$/, '')
}

const granularities = fc.constantFrom<Granularity>('bill', 'session')

function other(granularity: Granularity): Granularity {
  return granularity === 'bill' ? 'session' : 'bill'
}

describe('a period exported in consecutive ranges', () => {
  it('gives the books one export of the whole period gives: the same totals, no entry twice, none missing', async () => {
    await fc.assert(
      fc.asyncProperty(
        shopArbitrary({ consistent: false }),
        fc.uniqueArray(fc.integer({ min: 1, max: PERIOD.days - 1 }), {
          maxLength: PERIOD.days - 1,
        }),
        fc.array(changeArbitrary, { maxLength: 4 }),
        granularities,
        granularities,
        fc.option(fc.integer({ min: 1, max: PERIOD.days - 1 }), { nil: undefined }),
        async (generated, cuts, changes, split, whole, cutOver) => {
          const db = database()
          try {
            let shop = onSessionDays(generated)
            await store(db, shop, HOURS)
            await addDestination(db, 'Day by day', 'journal-csv', 'split')
            await addDestination(db, 'Whole period', 'journal-csv', 'whole')
            await switchGranularity(db, 'split', split, null)
            // A cut-over, set before anything is posted: sessions from it on post the other way.
            if (cutOver !== undefined)
              await db.destinations.update('split', {
                periods: [
                  { from: '', granularity: split },
                  { from: dayAfter(PERIOD.from, cutOver), granularity: other(split) },
                ],
              })
            await switchGranularity(db, 'whole', whole, null)
            const ranges = rangesOf(cuts)
            const exportRanges = async () => {
              for (const range of ranges) {
                const made = await exportTo(db, 'split', range, EMPTY_MAPPING, shop.currency)
                for (const entry of await entriesOf(db, made)) {
                  // A payment of no session goes with its bill (docs/ledger.md#entry-dates).
                  const withItsBill = entry.kind === 'payment' && entry.registerSessionId === null
                  const to = withItsBill ? PERIOD_END : range.to
                  expect(entry.date >= range.from && entry.date <= to, entry.id).toBe(true)
                }
              }
            }
            await exportRanges()
            changes.forEach((change, n) => (shop = onSessionDays(applyChange(shop, change, n))))
            await store(db, shop, HOURS)
            await exportRanges()
            const last = ranges[ranges.length - 1]!
            const period = { from: PERIOD.from, to: last.to, locationId: '' }
            await exportTo(db, 'whole', period, EMPTY_MAPPING, shop.currency)

            const bySplit = await loggedTo(db, 'split')
            const byWhole = await loggedTo(db, 'whole')
            expect(sortedTotals(accountTotals(bySplit))).toEqual(
              sortedTotals(accountTotals(byWhole)),
            )
            expect(roleTotals(bySplit)).toEqual(roleTotals(byWhole))
            expect(new Set(ids(bySplit)).size).toBe(bySplit.length)
            expect(new Set(ids(byWhole)).size).toBe(byWhole.length)
            if (split === whole && cutOver === undefined) {
              const posted = new Set(ids(bySplit).map(keyOf))
              expect(
                ids(byWhole)
                  .map(keyOf)
                  .filter((key) => !posted.has(key)),
              ).toEqual([])
            }
          } finally {
            db.close()
          }
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 30) },
    )
  })
})
