import { useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import {
  MOVEMENT_LABEL,
  movementInWords,
  standingMovements,
  type CashMovement,
} from '../../../day-close'
import { formatMoney } from '../../../format/format-money'
import { formatDateTime } from '../../../format/time'
import type { SessionSpan } from '../../../day-close'
import { TableHead } from '../../components/money-table/TableHead'
import { CashMovementForm } from './CashMovementForm'

/** "Pay-out · Supplies"; a correction says what it corrects. */
function kindInWords(movement: CashMovement, byId: ReadonlyMap<string, CashMovement>): string {
  const kind = movementInWords(movement)
  const corrected = movement.replaces === null ? undefined : byId.get(movement.replaces)
  if (!corrected) return kind
  return movement.kind === 'cancel'
    ? `Cancels the ${MOVEMENT_LABEL[corrected.kind].toLowerCase()} of ${formatMoney(corrected.amount, corrected.currency)}`
    : `${kind} (replaces the ${MOVEMENT_LABEL[corrected.kind].toLowerCase()} of ${formatMoney(corrected.amount, corrected.currency)})`
}

/** What a session's movements take: any, only its opening float, or none (shown, not changed). */
export type MovementsRecording = 'any' | 'opening float' | 'none'

/**
 * A session's cash movements (opening float, pay-ins, pay-outs, drops to the safe) with every
 * correction beside what it corrects, and, while the session is not reconciled, the form that
 * records one. A reconciled session whose count did not know its opening cash takes its
 * opening float still, which determines the count's variance.
 */
export function CashMovements({
  db,
  sessionId,
  label,
  movements,
  categories,
  currency,
  timeZone,
  recording,
  span,
}: {
  db: TillDatabase
  sessionId: string
  /** The session's name (`sessionLabel`). */
  label: string
  movements: readonly CashMovement[]
  categories: readonly string[]
  currency: string
  timeZone: string
  /** A reconciled session's movements are shown, not changed: reopen it first. */
  recording: MovementsRecording
  /** When the session's movements can have happened. */
  span: SessionSpan
}): React.JSX.Element {
  const canRecord = recording === 'any'
  const [correcting, setCorrecting] = useState<CashMovement | null>(null)
  const byId = new Map(movements.map((m) => [m.id, m]))
  const standing = new Set(standingMovements(movements).map((m) => m.id))
  const hasFloat = movements.some((m) => standing.has(m.id) && m.kind === 'float')
  return (
    <div className={canRecord ? 'cash-movements can-record' : 'cash-movements'}>
      <table aria-label={`Cash movements of session ${label}`} className="expenses">
        <caption>Cash movements</caption>
        <TableHead
          columns={[
            `Time (${timeZone})`,
            'Movement',
            { amount: 'Amount' },
            'By',
            'Note',
            ...(canRecord ? ['Correct'] : []),
          ]}
        />
        <tbody>
          {movements.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                No opening float, pay-in, pay-out or drop recorded in this session.
              </td>
            </tr>
          )}
          {movements.map((m) => {
            const replaced = m.kind !== 'cancel' && !standing.has(m.id)
            return (
              <tr key={m.id} className={replaced ? 'replaced' : undefined}>
                <td className="moment">{formatDateTime(m.at, timeZone)}</td>
                <td>
                  {kindInWords(m, byId)}
                  {replaced && <span className="muted"> — corrected, not counted</span>}
                </td>
                <td className="amount">
                  {m.kind === 'cancel' ? '—' : formatMoney(m.amount, currency)}
                </td>
                <td>{m.by}</td>
                <td>{m.note}</td>
                {canRecord && (
                  <td className="no-print">
                    {standing.has(m.id) && (
                      <button
                        type="button"
                        aria-label={`Correct the ${MOVEMENT_LABEL[m.kind].toLowerCase()} of ${formatMoney(m.amount, currency)} at ${formatDateTime(m.at, timeZone)}`}
                        onClick={() => setCorrecting(m)}
                      >
                        Correct
                      </button>
                    )}
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
      {recording !== 'none' && (
        <CashMovementForm
          key={correcting?.id ?? 'new'}
          db={db}
          sessionId={sessionId}
          currency={currency}
          categories={categories}
          hasFloat={hasFloat}
          floatOnly={recording === 'opening float'}
          correcting={correcting}
          span={span}
          timeZone={timeZone}
          onDone={() => setCorrecting(null)}
        />
      )}
    </div>
  )
}
