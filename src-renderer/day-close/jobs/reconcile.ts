import type { TillDatabase } from '../../database/database'
import {
  countVariance,
  dayCloseFigures,
  hasVariance,
  type DayCloseFigures,
  type DrawerCount,
} from '../rules/day-close'
import { loadSessionInputs } from '../../sessions/tables/load-session'
import { movementsOfSession } from '../tables/cash-movement-store'
import { changeReconciliation } from '../tables/reconciliation-record'
import { type SessionReconciliation } from '../tables/reconciliation-schema'
import { loadShownStatus } from '../../sessions/tables/session-status'
import { loadRecordsSynced, stillSyncing } from '../../sync/tables/still-syncing'
import { discardCountDraft } from '../tables/count-drafts'
import { formatMoney } from '../../format/format-money'
import {
  denominationListProblem,
  denominationTotal,
  MAX_PIECES,
  type CountedDenomination,
} from '../rules/denominations'

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
  /** The notes and coins counted, when the drawer was counted by them: they add up to the cash. */
  breakdown?: readonly CountedDenomination[] | null
  /** Epoch ms of the confirm; now unless given. */
  now?: number
}

function sameFigures(a: DayCloseFigures, b: DayCloseFigures): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The notes and coins counted, those with pieces: whole pieces that add up to the counted cash.
 * None when no note or coin has any.
 */
function checkedBreakdown(confirm: ConfirmCount): CountedDenomination[] | null {
  const counted = (confirm.breakdown ?? []).filter((d) => d.pieces !== 0)
  const wrong = counted.find(
    (d) => !Number.isSafeInteger(d.pieces) || d.pieces < 0 || d.pieces > MAX_PIECES,
  )
  if (wrong)
    throw new ReconcileError(`${wrong.pieces} is not a number of pieces (0 to ${MAX_PIECES}).`)
  const problem = counted.length > 0 && denominationListProblem(counted)
  if (problem) throw new ReconcileError(`The notes and coins counted: ${problem}`)
  const total = denominationTotal(
    counted,
    counted.map((d) => d.pieces),
  )
  if (total !== confirm.count.countedCash) {
    const money = (minor: number): string =>
      confirm.currency ? formatMoney(minor, confirm.currency) : `${minor} minor units`
    throw new ReconcileError(
      `The notes and coins add up to ${money(total)}, not the counted cash ${money(confirm.count.countedCash)}.`,
    )
  }
  return counted.length > 0
    ? counted.map(({ value, kind, pieces }) => ({ value, kind, pieces }))
    : null
}

/**
 * Confirms a drawer count: freezes the session's figures as the cache holds them now, with the
 * count, who and when, and marks the session reconciled, all in one transaction. A session that
 * can still be trading is counted only when the manager chose to count it mid-shift, and the
 * count says so. The session's count draft goes with the confirm.
 */
export async function confirmCount(
  db: TillDatabase,
  confirm: ConfirmCount,
): Promise<SessionReconciliation> {
  const countedBy = confirm.countedBy.trim()
  if (!countedBy) throw new ReconcileError('Enter who counted the drawer.')
  const now = confirm.now ?? Date.now()
  const breakdown = confirm.breakdown ? checkedBreakdown(confirm) : null
  return changeReconciliation(db, confirm.sessionId, async (session, earlier) => {
    if (!session) throw new ReconcileError('This session is not in Till’s saved data (yet).')
    if (session.status === 'reconciled')
      throw new ReconcileError('This session is already reconciled: reopen it to count again.')
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
    if (stillSyncing(figures.billsAwaitingDetail, await loadRecordsSynced(db), session))
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
      breakdown,
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
    await discardCountDraft(db, session.id)
    return { record, status: 'reconciled' }
  })
}

/**
 * Undoes a confirm: the session gets its earlier status back, and the reopen is logged with who
 * and why. The count it sets aside stays in the log, and the next count says it replaced it.
 */
export async function reopenSession(
  db: TillDatabase,
  reopen: { sessionId: string; by: string; reason: string; now?: number },
): Promise<SessionReconciliation> {
  const by = reopen.by.trim()
  if (!by) throw new ReconcileError('Enter who is reopening the session.')
  const reason = reopen.reason.trim()
  if (!reason)
    throw new ReconcileError('Say why the count is reopened: the sheet and the history show it.')
  const now = reopen.now ?? Date.now()
  return changeReconciliation(db, reopen.sessionId, async (session, stored) => {
    if (session?.status !== 'reconciled' || stored.state !== 'ok')
      throw new ReconcileError('This session is not reconciled: there is no count to reopen.')
    const record: SessionReconciliation = {
      ...stored.record,
      reopenedAt: now,
      log: [...stored.record.log, { action: 'reopened', at: now, by, reason }],
    }
    return { record, status: stored.record.statusBefore }
  })
}
