import { currencyExponent, formatMinorUnits } from '../../../src-shared/domain/money'
import { TillDatabase } from '../../../src-renderer/database/database'
import type { CachedBill } from '../../../src-renderer/database/cached-records'
import { AccountResolver } from '../../../src-renderer/exports/rules/accounts'
import { postedView } from '../../../src-renderer/exports/rules/export-log'
import type { OutputChunk } from '../../../src-renderer/exports/rules/formats/output'
import { billEntries } from '../../../src-renderer/exports/rules/journal'
import { runExport } from '../../../src-renderer/exports/jobs/run-export'
import type { ExportRange } from '../../../src-renderer/exports/tables/export-rows'
import { EMPTY_MAPPING } from '../../support/journal-context'

/**
 * The generic journal CSV export driven as the Exports screen drives it, into a sink that only
 * counts, beside the yardstick: the same bills, listed by the location's index and read by key 500
 * at a time, turned into the same journal entries and joined with commas, no quoting, no export
 * log. The yardstick reads as the export did until it read a business day in one request; it was
 * kept, so its figures compare with every run before.
 */

export interface ExportRun {
  lines: number
  bytes: number
  ms: number
  /** Largest growth of the JS heap seen at any chunk over the heap before the run. */
  peakHeapGrowth: number
}

interface ChromiumMemory {
  memory: { usedJSHeapSize: number }
}
const heapUsed = (): number => (performance as unknown as ChromiumMemory).memory.usedJSHeapSize

const SLICE = 500

function countLines(text: string): number {
  let n = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++
  return n
}

async function drain(chunks: AsyncIterable<OutputChunk>): Promise<ExportRun> {
  const baseline = heapUsed()
  let peak = baseline
  let lines = 0
  let bytes = 0
  const started = performance.now()
  for await (const chunk of chunks) {
    lines += countLines(chunk.text)
    bytes += chunk.text.length
    peak = Math.max(peak, heapUsed())
  }
  // The header is not a journal line.
  return {
    lines: lines - 1,
    bytes,
    ms: performance.now() - started,
    peakHeapGrowth: peak - baseline,
  }
}

/** Forgets what earlier runs exported, so every run writes the whole range. */
async function forgetExports(db: TillDatabase): Promise<void> {
  await db.transaction('rw', [db.logPages, db.exportBatches], async () => {
    await Promise.all([db.logPages.clear(), db.exportBatches.clear()])
  })
}

export async function exportJournal(
  databaseName: string,
  range: ExportRange,
  timeZone: string,
): Promise<ExportRun> {
  const db = new TillDatabase(databaseName)
  try {
    await forgetExports(db)
    const run = await drain(
      runExport({
        db,
        what: 'journal-csv',
        range,
        mapping: EMPTY_MAPPING,
        timeZone,
        currency: 'USD',
      }),
    )
    await forgetExports(db)
    return run
  } finally {
    db.close()
  }
}

async function* plainCsv(
  db: TillDatabase,
  range: ExportRange,
  timeZone: string,
): AsyncGenerator<OutputChunk> {
  const ids = await db.bills
    .where('[locationId+businessDate]')
    .between([range.locationId, range.from], [range.locationId, range.to], true, true)
    .primaryKeys()
  const context = {
    accounts: new AccountResolver(EMPTY_MAPPING),
    timeZone,
    posted: postedView(new Map()),
  }
  yield {
    part: 1,
    text: 'entry_id,date,account_code,account_name,debit,credit,currency,description,bill_id,register_session_id,location_id\r\n',
  }
  for (let i = 0; i < ids.length; i += SLICE) {
    const bills = (await db.bills.bulkGet(ids.slice(i, i + SLICE))).filter(
      (b): b is CachedBill => b !== undefined,
    )
    let text = ''
    for (const e of billEntries(bills, context).entries) {
      const exponent = currencyExponent(e.currency)
      for (const l of e.lines) {
        const debit = l.amount > 0 ? formatMinorUnits(l.amount, exponent) : ''
        const credit = l.amount < 0 ? formatMinorUnits(-l.amount, exponent) : ''
        text += `${e.id},${e.date},${l.account.code},${l.account.name},${debit},${credit},${e.currency},${e.description},${e.billId},${e.registerSessionId},${e.locationId}\r\n`
      }
    }
    yield { part: 1, text }
  }
}

/** The yardstick over one location's range (the bench exports one location). */
export async function exportPlainCsv(
  databaseName: string,
  range: ExportRange,
  timeZone: string,
): Promise<ExportRun> {
  const db = new TillDatabase(databaseName)
  try {
    return await drain(plainCsv(db, range, timeZone))
  } finally {
    db.close()
  }
}
