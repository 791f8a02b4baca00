import type { TillDatabase } from '../../database/database'
import type { StatementFormat, StatementLine } from '../rules/bank-line'
import type { StatementBatch, StoredStatementLine } from './deposit-rows'
import { newStatementLines } from '../rules/statements/statement-line-ids'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'
import { statementBatches } from './statement-batches'

/** What keeping a statement's lines did: lines new to the account, and lines it already had. */
export interface KeptCount {
  added: number
  already: number
}

/** The file a statement came in: kept as an import (a `StatementBatch`) with its lines. */
export interface StatementFile {
  batchId: string
  fileName: string
  format: StatementFormat
}

/**
 * Keeps a statement's lines for a bank account in one transaction: a line the account already
 * holds (an overlapping statement, or the same statement in another format) is left as it is,
 * so only the new lines are added (../rules/statements/statement-line-ids.ts `newStatementLines`).
 * With its `file`, the import is kept as a batch that the added lines name.
 */
export function keepStatementLines(
  db: TillDatabase,
  bankAccountId: string,
  lines: readonly StatementLine[],
  importedAt: number,
  file?: StatementFile,
): Promise<KeptCount> {
  const tables = [db.statementLines, db.depositSettings, ...outboxTables(db)]
  return db.transaction('rw', tables, async () => {
    const formats = new Map(
      (await statementBatches(db, bankAccountId)).map((batch) => [batch.id, batch.format]),
    )
    const kept = (
      await db.statementLines.where('bankAccountId').equals(bankAccountId).toArray()
    ).map((line) => {
      const format = line.batchId === undefined ? undefined : formats.get(line.batchId)
      return format ? { ...line, format } : line
    })
    const { fresh, known } = newStatementLines(kept, { format: file?.format, lines })
    const rows: StoredStatementLine[] = fresh.map((line) => ({
      ...line,
      bankAccountId,
      importedAt,
      ...(file ? { batchId: file.batchId } : {}),
    }))
    await db.statementLines.bulkAdd(rows)
    for (const row of rows) await enqueueRow(db, 'statementLine', row)
    if (file) {
      const batch: StatementBatch = {
        id: file.batchId,
        bankAccountId,
        fileName: file.fileName,
        format: file.format,
        importedAt,
        lines: lines.length,
        added: fresh.length,
        already: known,
      }
      const row = { key: `import:${batch.id}`, batch } as const
      await db.depositSettings.put(row)
      await enqueueRow(db, 'depositSetting', row)
    }
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
