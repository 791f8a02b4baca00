import type { TillDatabase } from '../../database/database'
import type { RegisterSession } from '../../database/cached-records'
import { billsOfSession } from '../../sessions/tables/bill-session'
import { sessionFigures } from '../../sessions/tables/session-tally-store'
import { movementsOfSession } from '../../day-close/tables/cash-movement-store'
import { determinedVariance, openingCashOf } from '../../day-close/rules/day-close'
import { loadReconciliation } from '../../day-close/tables/reconciliation-record'
import { inBatches, type OutputChunk } from '../rules/formats/output'
import {
  writeBillLinesCsv,
  writeBillsCsv,
  writeExpensesCsv,
  writePaymentsCsv,
  type PaymentRow,
} from '../rules/formats/record-tables'
import {
  writeSessionPaymentsCsv,
  writeSessionsCsv,
  type SessionPaymentRow,
  type SessionRow,
} from '../rules/formats/session-tables'
import type { CsvTable, RunExportOptions } from './export-options'
import { billPages, checkSignal, type ProgressCounter } from './run-export-pages'
import { countBills, expensesIn, sessionsIn } from '../tables/export-range-reads'
import { SessionLabels } from './session-labels'

/** The CSV tables of records: read through the range's indexes, written as they come. */
export async function* csvExport(
  options: RunExportOptions,
  table: CsvTable,
  locations: string[],
  size: number,
  progress: ProgressCounter,
): AsyncGenerator<OutputChunk> {
  const { db, range, signal } = options
  if (table === 'sessions' || table === 'session_payments') {
    const sessions = await sessionsIn(db, range, locations)
    const labels = new SessionLabels(
      db,
      options.timeZone,
      (options.now?.() ?? new Date()).getTime(),
    )
    progress.start(sessions.length)
    async function* rows(): AsyncGenerator<SessionRowWithMethods[]> {
      for (const session of sessions) {
        checkSignal(signal)
        yield [await sessionRow(db, session, await labels.of(session), options.currency)]
        progress.add(1)
      }
    }
    if (table === 'sessions') yield* writeSessionsCsv(rows())
    else
      yield* writeSessionPaymentsCsv(
        (async function* (): AsyncGenerator<SessionPaymentRow[]> {
          for await (const [row] of rows()) if (row) yield sessionPaymentRows(row, row.methods)
        })(),
      )
    return
  }
  if (table === 'expenses') {
    const expenses = await expensesIn(db, range, locations)
    progress.start(expenses.length)
    yield* writeExpensesCsv(
      (async function* () {
        for await (const slice of inBatches(expenses, size)) {
          checkSignal(signal)
          progress.add(slice.length)
          yield slice
        }
      })(),
    )
    return
  }
  progress.start(await countBills(db, range, locations))
  const bills = (async function* () {
    for await (const page of billPages(db, range, locations, size, signal)) {
      progress.add(page.length)
      yield page
    }
  })()
  if (table === 'bills') yield* writeBillsCsv(bills)
  else if (table === 'bill_lines') yield* writeBillLinesCsv(bills)
  else
    yield* writePaymentsCsv(
      (async function* (): AsyncGenerator<PaymentRow[]> {
        for await (const page of bills)
          yield page.flatMap((bill) =>
            bill.payments.map((p) => ({
              ...p,
              billId: bill.id,
              billType: bill.type,
              locationId: bill.locationId,
              currency: bill.currency,
            })),
          )
      })(),
    )
}

type SessionRowWithMethods = SessionRow & {
  methods: { method: string; collected: number; returned: number; net: number }[]
}

/** A session's day-close figures: frozen at reconciliation, else as the cache holds them now. */
async function sessionRow(
  db: TillDatabase,
  session: RegisterSession,
  name: string,
  shopCurrency: string,
): Promise<SessionRowWithMethods> {
  const stored =
    session.status === 'reconciled'
      ? await loadReconciliation(db, session.id)
      : ({ state: 'none' } as const)
  const record = stored.state === 'ok' ? stored.record : null
  const figures = record?.figures ?? (await sessionFigures(db, session))
  const firstBill = await billsOfSession(db, session.id).first()
  return {
    ...figures,
    locationId: session.locationId,
    registerSessionId: session.id,
    sessionName: name,
    businessDate: session.businessDate,
    openedAt: session.openedAt,
    closedAt: session.closedAt,
    currency: record?.currency ?? firstBill?.currency ?? shopCurrency,
    status: session.status,
    countedCash: record?.count.countedCash ?? null,
    cashVariance:
      record &&
      determinedVariance(
        record.countedCash,
        record.figures,
        openingCashOf(session.openingCash, await movementsOfSession(db, session.id)),
      ),
  }
}

function sessionPaymentRows(
  row: SessionRow,
  methods: SessionRowWithMethods['methods'],
): SessionPaymentRow[] {
  return methods.map((m) => ({
    locationId: row.locationId,
    registerSessionId: row.registerSessionId,
    currency: row.currency,
    method: m.method,
    collected: m.collected,
    returned: m.returned,
    net: m.net,
  }))
}
