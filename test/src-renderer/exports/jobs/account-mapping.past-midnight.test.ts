import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { billFacets } from '../../../../src-renderer/sessions/tables/bill-facets'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { ExportRange } from '../../../../src-renderer/exports/tables/export-rows'
import { defaultedInRange } from '../../../../src-renderer/exports/jobs/account-mapping'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { expense, payment, sale, T0 } from '../../../support/exports/fixtures'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/**
 * The Exports screen's list of unmapped accounts names what the export of the range posts: an
 * evening session runs past midnight, and what was rung up in it after midnight is posted with
 * the session's business date, not the calendar date it happened on.
 */

const HOUR = 3_600_000
const opened: TillDatabase[] = []
afterEach(() => opened.splice(0).forEach((db) => db.close()))

const RANGE: ExportRange = { from: '2026-11-20', to: '2026-11-20', locationId: '' }

/** Evening sessions of 19 and 20 November, each closing at 01:30 (Jakarta) the next day. */
function eveningOf(date: string, start: number) {
  return {
    id: `evening-${date}`,
    locationId: 'loc1',
    businessDate: date,
    openedAt: start + 7 * HOUR,
    closedAt: start + 15.5 * HOUR,
    openingCash: 0,
    firstActivityAt: start + 7 * HOUR,
    status: 'closed' as const,
  }
}

/** A sale of the session, rung up at `at` on `date`, taxed `tax` and paid by `method`. */
function saleIn(
  id: string,
  session: string,
  date: string,
  at: number,
  tax: string,
  method: string,
) {
  return sale({
    id,
    number: id,
    registerSessionId: session,
    businessDate: date,
    createdAt: at,
    updatedAt: at,
    taxes: [{ name: tax, rate: 10, amount: 153 }],
    payments: [
      payment(`${id}-p1`, method, 1000, { registerSessionId: session, createdAt: at }),
      payment(`${id}-p2`, 'cash', 685, { registerSessionId: session, createdAt: at }),
    ],
    amountPaid: 1685,
    amountDue: 0,
  })
}

async function shop(): Promise<TillDatabase> {
  const db = new TillDatabase(`till-past-midnight-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  opened.push(db)
  // T0 is 10:00 on 20 November; the evening sessions open at 17:00.
  const the19th = eveningOf('2026-11-19', T0 - 24 * HOUR)
  const the20th = eveningOf('2026-11-20', T0)
  await db.sessions.bulkPut([the19th, the20th])
  const afterMidnight = 14.5 * HOUR
  const bills = [
    // Rung up at 00:30 on the 20th in the evening session of the 19th: posted with the 19th.
    saleIn('b-19', the19th.id, '2026-11-20', T0 - 24 * HOUR + afterMidnight, 'Excise', 'voucher'),
    saleIn('b-20', the20th.id, '2026-11-20', T0 + 8 * HOUR, 'VAT', 'card'),
    // Rung up at 00:30 on the 21st in the evening session of the 20th: posted with the 20th.
    saleIn('b-21', the20th.id, '2026-11-21', T0 + afterMidnight, 'Late tax', 'gift_card'),
  ]
  await db.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  await db.expenses.bulkPut([
    expense({
      id: 'e-19',
      category: 'Ice',
      registerSessionId: the19th.id,
      expenseDate: '2026-11-20',
      createdAt: T0 - 24 * HOUR + afterMidnight,
    }),
    expense({
      id: 'e-21',
      category: 'Cleaning',
      registerSessionId: the20th.id,
      expenseDate: '2026-11-21',
      createdAt: T0 + afterMidnight,
    }),
  ])
  return db
}

async function exportedDefaults(db: TillDatabase): Promise<string[]> {
  const run = runExport({
    db,
    what: 'ledger',
    destinationId: 'ledger',
    range: RANGE,
    mapping: EMPTY_MAPPING,
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
  })
  for (;;) {
    const next = await run.next()
    if (next.done) return next.value.defaulted.map((d) => d.roleKey).sort()
  }
}

describe('the unmapped accounts of a range', () => {
  it('are those of its sessions, after midnight included, not of the session before', async () => {
    const db = await shop()
    const listed = (await defaultedInRange(db, EMPTY_MAPPING, RANGE)).map((d) => d.roleKey).sort()
    expect(listed).toEqual(
      ['clearing:gift_card', 'expense:Cleaning', 'tax-payable:Late tax', 'tax-payable:VAT'].sort(),
    )
    // The export of the range then defaults exactly these.
    expect(await exportedDefaults(db)).toEqual(listed)
  })
})
