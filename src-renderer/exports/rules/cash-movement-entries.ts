import {
  chainStart,
  movementInWords,
  standingMovements,
  type CashMovement,
} from '../../day-close/rules/cash-movements'
import { categoryLabel } from '../../format/labels'
import type { AccountRole } from './accounts'
import { linesAt, type JournalContext, type LineFor } from './journal'
import { balancedEntry, type JournalEntry, type JournalLine } from './journal-entry'

/** What posting a session's movements needs of the session. */
export interface MovementSession {
  id: string
  /** The session's label (`sessionLabel`), what the narration calls it; its id is a tag. */
  name: string
  locationId: string
  businessDate: string
}

const CASH: AccountRole = { type: 'clearing', method: 'cash' }

/**
 * A movement's lines: a pay-out debits its category's expense account (or Cash pay-outs), a
 * pay-in credits where the cash came from (Owner contributions by default), a drop debits Cash in
 * safe; each against Cash clearing. The opening float is cash already on the books (left in the
 * drawer, or brought from the safe by a transfer the bookkeeper records), so it posts nothing.
 */
function movementLines(movement: CashMovement, line: LineFor): JournalLine[] {
  const { amount } = movement
  switch (movement.kind) {
    case 'pay-out': {
      const role: AccountRole =
        movement.category === null
          ? { type: 'cash-pay-out' }
          : { type: 'expense', category: movement.category }
      const memo = movement.category === null ? 'Cash pay-out' : categoryLabel(movement.category)
      return [line(role, amount, memo), line(CASH, -amount, 'Cash paid out')]
    }
    case 'pay-in':
      return [line(CASH, amount, 'Cash paid in'), line({ type: 'cash-pay-in' }, -amount, 'Pay-in')]
    case 'drop':
      return [
        line({ type: 'cash-in-safe' }, amount, 'Dropped into the safe'),
        line(CASH, -amount, 'Cash dropped'),
      ]
    case 'float':
    case 'cancel':
      return []
  }
}

function posts(movement: CashMovement): boolean {
  return movement.kind !== 'float' && movement.kind !== 'cancel'
}

/** "Pay-out · Supplies, Mon 16 Nov · Salmiya · 08:10–17:45, by Ana: ice for the cooler". */
function description(movement: CashMovement, session: string): string {
  const said = `${movementInWords(movement)}, ${session}, by ${movement.by}`
  return movement.note === '' ? said : `${said}: ${movement.note}`
}

/**
 * One entry per correction chain of a session's movements, `cash-movement:<first id>`, dated
 * with the session's business date, carrying what the chain's standing movement posts: a
 * correction is a later change of the entry, which the export log posts as a reversal and a new
 * entry (a cancelled movement's entry has no lines, so only the reversal is written). A chain
 * that never posted anything (a float and its corrections) has no entry.
 */
export function cashMovementEntries(
  session: MovementSession,
  movements: readonly CashMovement[],
  context: JournalContext,
): JournalEntry[] {
  const byId = new Map(movements.map((m) => [m.id, m]))
  const chains = new Map<string, CashMovement[]>()
  for (const movement of movements) {
    const start = chainStart(movement, byId)
    chains.set(start, [...(chains.get(start) ?? []), movement])
  }
  const line = linesAt(context, session.locationId)
  const entries: JournalEntry[] = []
  for (const [start, chain] of chains) {
    if (!chain.some(posts)) continue
    const standing = standingMovements(chain)[0]
    const last = standing ?? chain.find((m) => m.kind === 'cancel') ?? chain[chain.length - 1]!
    entries.push(
      balancedEntry({
        id: `cash-movement:${start}`,
        kind: 'cash-movement',
        date: session.businessDate,
        currency: last.currency,
        description: description(last, session.name),
        payee: null,
        billId: null,
        registerSessionId: session.id,
        locationId: session.locationId,
        paymentIds: [],
        lines: standing ? movementLines(standing, line) : [],
      }),
    )
  }
  return entries
}

/** The posting keys of a session's movements' entries, to load their states before planning. */
export function cashMovementKeys(movements: readonly CashMovement[]): string[] {
  const byId = new Map(movements.map((m) => [m.id, m]))
  return [...new Set(movements.map((m) => `cash-movement:${chainStart(m, byId)}`))]
}
