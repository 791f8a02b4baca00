import type { TillDatabase } from '../../database/database'
import { sharedKeyOf } from '../../shared-books/tables/shared-rows'
import { enqueueChange, enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'
import type { StatementBatch, StoredMatch, StoredStatementLine } from './deposit-rows'
import { lineRef, lineRefsOf } from '../rules/matching'

/** An import the cache cannot undo, with what the person should do. */
export class StatementUndoError extends Error {
  override name = 'StatementUndoError'
}

/** The imports kept (undone ones too), of one bank account or of all, newest first. */
export async function statementBatches(
  db: TillDatabase,
  bankAccountId?: string,
): Promise<StatementBatch[]> {
  const rows = await db.depositSettings.where('key').startsWith('import:').toArray()
  return rows
    .flatMap((row) => ('batch' in row ? [row.batch] : []))
    .filter((batch) => bankAccountId === undefined || batch.bankAccountId === bankAccountId)
    .sort((a, b) => b.importedAt - a.importedAt || a.id.localeCompare(b.id))
}

/** What an import brought that is still kept: its lines, and the standing matches holding them. */
export interface BatchHoldings {
  batch: StatementBatch
  lines: StoredStatementLine[]
  matches: StoredMatch[]
}

async function holdings(db: TillDatabase, batchId: string): Promise<BatchHoldings> {
  const row = await db.depositSettings.get(`import:${batchId}`)
  if (!row || !('batch' in row)) throw new StatementUndoError(`No import ${batchId} to undo.`)
  if (row.batch.undoneAt !== undefined)
    throw new StatementUndoError(`${row.batch.fileName} was undone already.`)
  const lines = await db.statementLines
    .where('bankAccountId')
    .equals(row.batch.bankAccountId)
    .filter((line) => line.batchId === batchId)
    .toArray()
  const refs = new Set(lines.map(lineRef))
  const matches = await db.depositMatches
    .where('state')
    .equals('confirmed')
    .filter((m) => lineRefsOf(m).some((ref) => refs.has(ref)))
    .toArray()
  return { batch: row.batch, lines, matches }
}

/** An import's lines and the standing matches holding them, before it is undone. */
export function batchHoldings(db: TillDatabase, batchId: string): Promise<BatchHoldings> {
  return db.transaction('r', [db.depositSettings, db.statementLines, db.depositMatches], () =>
    holdings(db, batchId),
  )
}

/**
 * Undoes an import in one transaction: its lines go, with the standing matches holding them and
 * the offers of them; the import stays listed as undone, by whom and when. Matches a person
 * unmatched stay as they are: they carry the reversal of what an export posted. Whether a
 * standing match is posted is the caller's to check first (an export would have to reverse it).
 */
export function undoStatementBatch(
  db: TillDatabase,
  batchId: string,
  by: string,
  at: number,
): Promise<BatchHoldings> {
  const tables = [
    db.depositSettings,
    db.statementLines,
    db.depositMatches,
    db.depositOffers,
    ...outboxTables(db),
  ]
  return db.transaction('rw', tables, async () => {
    const held = await holdings(db, batchId)
    const refs = new Set(held.lines.map(lineRef))
    await db.depositMatches.bulkDelete(held.matches.map((m) => m.id))
    for (const match of held.matches)
      await enqueueChange(db, 'depositMatch', {
        key: sharedKeyOf('depositMatch', match),
        body: null,
        deleted: true,
      })
    await db.depositOffers.filter((o) => lineRefsOf(o).some((ref) => refs.has(ref))).delete()
    await db.statementLines.bulkDelete(held.lines.map((line) => [line.bankAccountId, line.id]))
    for (const line of held.lines)
      await enqueueChange(db, 'statementLine', {
        key: sharedKeyOf('statementLine', line),
        body: null,
        deleted: true,
      })
    const row = {
      key: `import:${batchId}`,
      batch: { ...held.batch, undoneAt: at, undoneBy: by },
    } as const
    await db.depositSettings.put(row)
    await enqueueRow(db, 'depositSetting', row)
    return held
  })
}
