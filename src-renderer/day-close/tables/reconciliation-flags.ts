import type { Bill } from '../../../src-shared/domain/records'
import type { TillDatabase } from '../../database/database'
import type { CachedBill } from '../../database/cached-records'
import type { KnownSessions } from '../../sync/tables/known-sessions'
import { loadReconciliation } from './reconciliation-record'
import { type SessionReconciliation } from './reconciliation-schema'

/**
 * What a write of bills or a close event does to a reconciled session: the count stays as the
 * manager confirmed it, flagged as changed since. The write path runs these in its transaction.
 */

/**
 * The sessions a write of bills touches in content: a bill new to the cache or with another
 * `updatedAt`, through its own session and the sessions of its payments, old and new.
 */
export function sessionsChangedBy(
  incoming: readonly Bill[],
  cached: readonly (CachedBill | undefined)[],
): Set<string> {
  const sessions = new Set<string>()
  const note = (bill: Pick<Bill, 'registerSessionId' | 'payments'>): void => {
    if (bill.registerSessionId) sessions.add(bill.registerSessionId)
    for (const p of bill.payments) if (p.registerSessionId) sessions.add(p.registerSessionId)
  }
  incoming.forEach((bill, i) => {
    const before = cached[i]
    if (before?.updatedAt === bill.updatedAt) return
    note(bill)
    if (before) note(before)
  })
  return sessions
}

/**
 * A close event for a reconciled session (one counted mid-shift): the count is flagged as changed
 * since, as for a changed bill, and a reopen gives the session back as closed. Runs inside the
 * caller's transaction (it needs `reconciliations`).
 */
export async function noteCloseAfterReconciliation(
  db: TillDatabase,
  sessionId: string,
  now: number,
): Promise<void> {
  const stored = await loadReconciliation(db, sessionId)
  if (stored.state !== 'ok') return
  const record: SessionReconciliation = {
    ...stored.record,
    changedAfterAt: stored.record.changedAfterAt ?? now,
    statusBefore: 'closed',
  }
  await db.reconciliations.put(record)
}

/**
 * Flags the reconciled sessions among `sessionIds`: their frozen figures are kept as they were
 * confirmed, and `changedAfterAt` says the cache has moved on since. Runs inside the caller's
 * transaction (it needs `reconciliations`), with the sessions as they were before it wrote.
 */
export async function flagChangesAfterReconciliation(
  db: TillDatabase,
  sessionIds: ReadonlySet<string>,
  known: KnownSessions,
  now: number,
): Promise<void> {
  const flagged = [...sessionIds].flatMap((id) => {
    const record = known.reconciliations.get(id)
    return record?.changedAfterAt === null && known.sessions.get(id)?.status === 'reconciled'
      ? [{ ...record, changedAfterAt: now }]
      : []
  })
  if (flagged.length) await db.reconciliations.bulkPut(flagged)
}
