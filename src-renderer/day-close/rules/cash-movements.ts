import { addMinor, sumMinor } from '../../../src-shared/domain/money'
import { categoryLabel } from '../../format/labels'
import { formatMoney } from '../../format/format-money'

/**
 * Cash that moves in or out of a register session's drawer outside a sale or an expense, as the
 * manager records it in Till (the service sends none of it): the opening float, pay-ins, pay-outs
 * and drops to the safe (docs/ledger.md#cash-movements). A movement is never edited: a correction
 * is a new movement that replaces an earlier one, or takes it back (`cancel`); both stay listed.
 */

export const MOVEMENT_KINDS = ['float', 'pay-in', 'pay-out', 'drop', 'cancel'] as const
export type MovementKind = (typeof MOVEMENT_KINDS)[number]

export interface CashMovement {
  /** Till's own id (not a service record's). */
  id: string
  sessionId: string
  kind: MovementKind
  /** Minor units of `currency`, above 0; 0 for a `cancel`. */
  amount: number
  currency: string
  /** A pay-out's expense category; null when none was chosen (the note says why instead). */
  category: string | null
  /** Epoch ms of the movement. */
  at: number
  /** Who moved the cash, as they gave their name. */
  by: string
  note: string
  /** The movement this one corrects: replaces it, or for a `cancel` takes it back. */
  replaces: string | null
}

/** The largest amount a movement may move, in major units (a register drawer holds far less). */
const MAX_MAJOR = 999_999_999_999

export const MOVEMENT_LABEL: Record<MovementKind, string> = {
  float: 'Opening float',
  'pay-in': 'Pay-in',
  'pay-out': 'Pay-out',
  drop: 'Drop to safe',
  cancel: 'Cancelled',
}

/** "Pay-out · Supplies", "Drop to safe": the kind in words, with a pay-out's category. */
export function movementInWords(movement: Pick<CashMovement, 'kind' | 'category'>): string {
  const kind = MOVEMENT_LABEL[movement.kind]
  return movement.category === null ? kind : `${kind} · ${categoryLabel(movement.category)}`
}

/** A movement as a person knows it: "the pay-in of $30.00 by Ana". */
export function movementWords(movement: CashMovement): string {
  const kind = MOVEMENT_LABEL[movement.kind].toLowerCase()
  return movement.kind === 'cancel'
    ? `the cancellation by ${movement.by}`
    : `the ${kind} of ${formatMoney(movement.amount, movement.currency)} by ${movement.by}`
}

/** The movements a correction has not replaced or taken back, cancels left out. */
export function standingMovements(movements: readonly CashMovement[]): CashMovement[] {
  const replaced = new Set(movements.flatMap((m) => (m.replaces === null ? [] : [m.replaces])))
  return movements.filter((m) => !replaced.has(m.id) && m.kind !== 'cancel')
}

/** What a session's standing movements do to its expected cash. */
export interface MovementSums {
  /** The standing opening float; null when none was recorded. */
  openingFloat: number | null
  payIns: number
  payOuts: number
  drops: number
}

export function movementSums(movements: readonly CashMovement[]): MovementSums {
  const standing = standingMovements(movements)
  const of = (kind: MovementKind): number =>
    sumMinor(
      standing.filter((m) => m.kind === kind),
      (m) => m.amount,
    )
  const float = standing.find((m) => m.kind === 'float')
  return {
    openingFloat: float?.amount ?? null,
    payIns: of('pay-in'),
    payOuts: of('pay-out'),
    drops: of('drop'),
  }
}

/** Pay-ins less pay-outs and drops: what the movements add to the expected cash, float aside. */
export function drawerChange(sums: Pick<MovementSums, 'payIns' | 'payOuts' | 'drops'>): number {
  return addMinor(sums.payIns, -addMinor(sums.payOuts, sums.drops))
}

/**
 * The first movement of a correction chain: a chain posts as one journal entry, so a correction
 * is a later change of that entry (docs/export-log.md).
 */
export function chainStart(
  movement: CashMovement,
  byId: ReadonlyMap<string, CashMovement>,
): string {
  let current = movement
  const seen = new Set<string>()
  while (current.replaces !== null && !seen.has(current.id)) {
    seen.add(current.id)
    const earlier = byId.get(current.replaces)
    if (!earlier) break
    current = earlier
  }
  return current.id
}

/**
 * Why a movement's amount cannot be recorded: a cancellation moves none, any other movement some,
 * up to what a drawer holds (`exponent`: the currency's digits after the point).
 */
export function movementAmountProblem(
  movement: Pick<CashMovement, 'kind' | 'amount'>,
  exponent: number,
): string | null {
  if (movement.kind === 'cancel')
    return movement.amount === 0 ? null : 'A cancellation moves no cash.'
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0)
    return 'Enter an amount above zero.'
  return movement.amount > MAX_MAJOR * 10 ** exponent
    ? 'The amount is larger than any drawer holds.'
    : null
}

/** Why a new movement cannot be recorded beside a session's `earlier` ones; null when it can. */
export function movementProblem(
  movement: CashMovement,
  earlier: readonly CashMovement[],
  exponent: number,
): string | null {
  if (!(MOVEMENT_KINDS as readonly string[]).includes(movement.kind))
    return `“${movement.kind}” is not a kind of cash movement.`
  if (movement.by.trim() === '') return 'Enter who moved the cash.'
  if (earlier.some((m) => m.id === movement.id))
    return `Movement ${movement.id} is recorded already.`
  const amount = movementAmountProblem(movement, exponent)
  if (amount !== null) return amount
  if (movement.kind === 'pay-out' && movement.category === null && movement.note.trim() === '')
    return 'Say what the pay-out was for: choose a category or write a note.'
  if (movement.kind !== 'pay-out' && movement.category !== null)
    return 'Only a pay-out has an expense category.'
  const standing = standingMovements(earlier)
  if (movement.replaces !== null) {
    const target = earlier.find((m) => m.id === movement.replaces)
    if (!target) return 'The movement to correct is not one of this session’s.'
    if (!standing.includes(target))
      return 'That movement was corrected already: correct the one that replaced it.'
  } else if (movement.kind === 'cancel') return 'A cancellation names the movement it takes back.'
  const otherFloat = standing.find((m) => m.kind === 'float' && m.id !== movement.replaces)
  if (movement.kind === 'float' && otherFloat)
    return 'The session has an opening float already: correct that one instead.'
  return null
}
