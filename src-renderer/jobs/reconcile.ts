import type { TillDatabase } from '../cache/database'
import {
  countVariance,
  dayCloseFigures,
  hasVariance,
  type DayCloseFigures,
  type DrawerCount,
} from '../domain/ledger/day-close'
import { loadSessionInputs } from '../cache/load-session'
import { movementsOfSession } from '../cache/cash-movement-store'
import { changeReconciliation, type SessionReconciliation } from '../cache/reconciliation-record'
import { loadShownStatus } from '../cache/session-status'
import { loadBillsSynced, stillSyncing } from '../cache/still-syncing'

/** A confirm or reopen the cache refused, with what the manager should do. */
export class ReconcileError extends Error {
  override name = 'ReconcileError'
}

/** The figures moved between what the manager looked at and the confirm. */
class FiguresChangedError extends ReconcileError {
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
  return changeReconciliation(db, confirm.sessionId, async (session, earlier) => {
    if (!session) throw new ReconcileError(`Session ${confirm.sessionId} is not in the cache.`)
    if (session.status === 'reconciled')
      throw new ReconcileError(`Session ${session.id} is already reconciled.`)
    const midShift = (await loadShownStatus(db, session, now)) === 'open'
    if (midShift && !confirm.midShift)
      throw new ReconcileError(
        'This session can still be trading (no close has been seen). Choose “Count mid-shift” to count it now.',
      )
    const inputs = await loadSessionInputs(db, session)
    const movements = await movementsOfSession(db, session.id)
    const figures = dayCloseFigures({ ...inputs, movements })
    // The float recorded as a movement, kept with the count while no close event gave the opening.
    const openingFloat = session.openingCash === null ? figures.openingCash : null
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
    return { record, status: 'reconciled' }
  })
}

/** Undoes a confirm: the session gets its earlier status back, and the reopen is logged. */
export async function reopenSession(
  db: TillDatabase,
  reopen: { sessionId: string; by: string; now?: number },
): Promise<SessionReconciliation> {
  const by = reopen.by.trim()
  if (!by) throw new ReconcileError('Enter who is reopening the session.')
  const now = reopen.now ?? Date.now()
  return changeReconciliation(db, reopen.sessionId, async (session, stored) => {
    if (session?.status !== 'reconciled' || stored.state !== 'ok')
      throw new ReconcileError(`Session ${reopen.sessionId} is not reconciled.`)
    const record: SessionReconciliation = {
      ...stored.record,
      reopenedAt: now,
      log: [...stored.record.log, { action: 'reopened', at: now, by }],
    }
    return { record, status: stored.record.statusBefore }
  })
}
