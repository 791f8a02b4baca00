import type { TillDatabase } from '../../database/database'
import type { StatementLine } from '../rules/bank-line'
import type { StoredStatementLine } from './deposit-rows'
import { newStatementLines } from '../rules/statements/statement-line-ids'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'

/** What keeping a statement's lines did: lines new to the account, and lines it already had. */
export interface KeptCount {
  added: number
  already: number
}

/**
 * Keeps a statement's lines for a bank account in one transaction: a line whose id the account
 * already holds (an overlapping statement) is left as it is, so only the new lines are added.
 * A statement's ids are its own once each (the readers refuse a file that repeats one).
 */
export function keepStatementLines(
  db: TillDatabase,
  bankAccountId: string,
  lines: readonly StatementLine[],
  importedAt: number,
): Promise<KeptCount> {
  return db.transaction('rw', [db.statementLines, ...outboxTables(db)], async () => {
    const ids = await db.statementLines.where('bankAccountId').equals(bankAccountId).primaryKeys()
    const { fresh, known } = newStatementLines(new Set(ids.map(([, id]) => id)), { lines })
    const rows = fresh.map((line) => ({ ...line, bankAccountId, importedAt }))
    await db.statementLines.bulkAdd(rows)
    for (const row of rows) await enqueueRow(db, 'statementLine', row)
    return { added: fresh.length, already: known }
  })
}

/** Every kept line, of one bank account or of all, by booking date. */
export async function statementLines(
  db: TillDatabase,
  bankAccountId?: string,
): Promise<StoredStatementLine[]> {
  const lines =
    bankAccountId === undefined
      ? await db.statementLines.orderBy('date').toArray()
      : await db.statementLines.where('bankAccountId').equals(bankAccountId).toArray()
  return lines.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
}
