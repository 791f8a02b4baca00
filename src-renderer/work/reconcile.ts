import type { Bill } from '../../src-shared/domain/records'
import type { TillDatabase } from '../cache/database'
import type { CachedBill, Reconciliation } from '../cache/records'
import {
  countVariance,
  dayCloseFigures,
  hasVariance,
  withOpeningFloat,
  type DayCloseFigures,
  type DrawerCount,
} from '../domain/ledger/day-close'
import { loadSessionInputs } from '../cache/load-session'
import { readReconciliation, type SessionReconciliation } from '../cache/reconciliation-record'
import { loadShownStatus } from '../cache/session-status'
import { loadBillsSynced, stillSyncing } from '../cache/still-syncing'

/** A confirm or reopen the cache refused, with what the manager should do. */
export class ReconcileError extends Error {
  override name = 'ReconcileError'
}

/** The figures moved between what the manager looked at and the confirm. */
export class FiguresChangedError extends ReconcileError {
  override name = 'FiguresChangedError'
}

export interface ConfirmCount {
  sessionId: string
  count: DrawerCount
  /** The name or initials the manager typed. */
  countedBy: string
  /** The figures the manager counted against: the confirm refuses if they have moved since. */
  seen: DayCloseFigures
  currency: string | null
  /** The opening float entered by the manager; counts only while the opening cash is unknown. */
  openingFloat?: number | null
  /** Why the count differs from what was expected: required when any variance is not 0. */
  varianceNote?: string
  /** The manager chose to count a session that can still be trading. */
  midShift?: boolean
  /** Epoch ms of the confirm; now unless given. */
  now?: number
}

function sameFigures(a: DayCloseFigures, b: DayCloseFigures): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Confirms a drawer count: freezes the session's figures as the cache holds them now, with the
 * count, who and when, and marks the session reconciled, all in one transaction. A session that
 * can still be trading is counted only when the manager chose to count it mid-shift, and the
 * count says so.
 */
export async function confirmCount(
  db: TillDatabase,
  confirm: ConfirmCount,
): Promise<SessionReconciliation> {
  const countedBy = confirm.countedBy.trim()
  if (!countedBy) throw new ReconcileError('Enter who counted the drawer.')
  const now = confirm.now ?? Date.now()
  return db.transaction(
    'rw',
    [db.sessions, db.reconciliations, db.bills, db.payments, db.expenses, db.checkpoints],
    async () => {
      const session = await db.sessions.get(confirm.sessionId)
      if (!session) throw new ReconcileError(`Session ${confirm.sessionId} is not in the cache.`)
      if (session.status === 'reconciled')
        throw new ReconcileError(`Session ${session.id} is already reconciled.`)
      const midShift = (await loadShownStatus(db, session, now)) === 'open'
      if (midShift && !confirm.midShift)
        throw new ReconcileError(
          'This session can still be trading (no close has been seen). Choose “Count mid-shift” to count it now.',
        )
      const openingFloat = session.openingCash === null ? (confirm.openingFloat ?? null) : null
      const figures = withOpeningFloat(
        dayCloseFigures(await loadSessionInputs(db, session)),
        openingFloat,
      )
      if (stillSyncing(session, figures.billsAwaitingDetail, await loadBillsSynced(db)))
        throw new ReconcileError(
          'Some bills of this session are still being fetched; confirm once the sync has them.',
        )
      if (!sameFigures(figures, confirm.seen))
        throw new FiguresChangedError(
          'The figures changed while you were counting (a sync brought new data). Check them and confirm again.',
        )
      const count = countVariance(figures, confirm.count)
      const varianceNote = confirm.varianceNote?.trim() ?? ''
      if (hasVariance(count) && !varianceNote)
        throw new ReconcileError('The count differs from what was expected: say why in the note.')
      const earlier = readReconciliation(await db.reconciliations.get(session.id))
      const record: SessionReconciliation = {
        sessionId: session.id,
        countedCash: confirm.count.countedCash,
        countedByMethod: confirm.count.countedByMethod,
        figures,
        reconciledAt: now,
        reconciledBy: countedBy,
        changedAfterAt: null,
        currency: confirm.currency,
        count,
        statusBefore: session.status,
        reopenedAt: null,
        openingFloat,
        varianceNote,
        midShift,
        log: [
          ...(earlier.state === 'ok' ? earlier.record.log : []),
          {
            action: 'reconciled',
            at: now,
            by: countedBy,
            countedCash: count.countedCash,
            cashVariance: count.cashVariance,
            note: varianceNote,
            midShift,
          },
        ],
      }
      await db.reconciliations.put(record)
      await db.sessions.update(session.id, { status: 'reconciled' })
      return record
    },
  )
}

/** Undoes a confirm: the session gets its earlier status back, and the reopen is logged. */
export async function reopenSession(
  db: TillDatabase,
  reopen: { sessionId: string; by: string; now?: number },
): Promise<SessionReconciliation> {
  const by = reopen.by.trim()
  if (!by) throw new ReconcileError('Enter who is reopening the session.')
  const now = reopen.now ?? Date.now()
  return db.transaction('rw', [db.sessions, db.reconciliations], async () => {
    const session = await db.sessions.get(reopen.sessionId)
    const stored = readReconciliation(await db.reconciliations.get(reopen.sessionId))
    if (session?.status !== 'reconciled' || stored.state !== 'ok')
      throw new ReconcileError(`Session ${reopen.sessionId} is not reconciled.`)
    const record: SessionReconciliation = {
      ...stored.record,
      reopenedAt: now,
      log: [...stored.record.log, { action: 'reopened', at: now, by }],
    }
    await db.reconciliations.put(record)
    await db.sessions.update(session.id, { status: stored.record.statusBefore })
    return record
  })
}

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
  const stored = readReconciliation(await db.reconciliations.get(sessionId))
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
 * transaction (it needs `sessions` and `reconciliations`).
 */
export async function flagChangesAfterReconciliation(
  db: TillDatabase,
  sessionIds: ReadonlySet<string>,
  now: number,
): Promise<void> {
  if (sessionIds.size === 0) return
  const ids = [...sessionIds]
  const [sessions, records] = await Promise.all([
    db.sessions.bulkGet(ids),
    db.reconciliations.bulkGet(ids),
  ])
  const flagged = records.filter(
    (r, i): r is Reconciliation =>
      r?.changedAfterAt === null && sessions[i]?.status === 'reconciled',
  )
  if (flagged.length)
    await db.reconciliations.bulkPut(flagged.map((r) => ({ ...r, changedAfterAt: now })))
}
