import type { TillDatabase } from '../../database/database'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'
import type { RegisterSession } from '../../database/cached-records'
import {
  readReconciliation,
  type SessionReconciliation,
  type StoredRecord,
} from './reconciliation-schema'

/** A session's stored reconciliation, checked. */
export async function loadReconciliation(db: TillDatabase, sessionId: string) {
  return readReconciliation(await db.reconciliations.get(sessionId))
}

/** What a confirm or reopen makes of a session and its stored reconciliation. */
export interface ReconciliationChange {
  record: SessionReconciliation
  status: RegisterSession['status']
}

/**
 * Reads the session and its stored reconciliation, and stores the record `decide` makes of them
 * with the session's new status, in one transaction over everything a confirm reads (the
 * session's records, how far the sync has come), so nothing moves between the check and the
 * write. Whatever `decide` throws leaves the cache as it was; `decide` may also let the session's
 * count draft go (count-drafts.ts), in the same transaction.
 */
export function changeReconciliation(
  db: TillDatabase,
  sessionId: string,
  decide: (
    session: RegisterSession | undefined,
    earlier: StoredRecord,
  ) => Promise<ReconciliationChange>,
): Promise<SessionReconciliation> {
  const tables = [
    db.sessions,
    db.reconciliations,
    db.bills,
    db.billPaymentIndex,
    db.expenses,
    db.cashMovements,
  ]
  return db.transaction(
    'rw',
    [...tables, db.checkpoints, db.countDrafts, ...outboxTables(db)],
    async () => {
      const session = await db.sessions.get(sessionId)
      const { record, status } = await decide(session, await loadReconciliation(db, sessionId))
      await db.reconciliations.put(record)
      await enqueueRow(db, 'reconciliation', record)
      await db.sessions.update(sessionId, { status })
      return record
    },
  )
}
