import { currencyExponent } from '../../../src-shared/domain/money'
import { movementAmountProblem, type CashMovement } from '../../day-close/rules/cash-movements'
import { calendarDate } from '../../deposits/rules/statements/statement-values'

/**
 * What a row from outside (a backup being restored, a row pulled from shared books) must mean in
 * this store once its form is right (../tables/own-record-rows.ts): the checks the screen or job
 * that makes such a row here applies. A cash movement is of a session this store holds (else it
 * waits for it), in the shop's currency, an amount a drawer holds, and its session's movements
 * stay within exact integers; a bank line is dated in the years a bank books. Pure code: the
 * caller says what the store holds (`StoreFacts`).
 */

export interface StoreFacts {
  /** Whether this store holds the register session. */
  hasSession(sessionId: string): boolean
  /** The shop's currency as its bills carry it; null before any bill. */
  currency: string | null
  /** The amounts of a session's movements held, by movement id. */
  movementAmounts(sessionId: string): ReadonlyMap<string, number>
}

/** Why a row cannot be applied now; `waits` when it can once the store holds more. */
export interface MeaningProblem {
  reason: string
  waits: boolean
}

function refused(reason: string): MeaningProblem {
  return { reason, waits: false }
}

function movementMeaning(movement: CashMovement, facts: StoreFacts): MeaningProblem | null {
  if (facts.currency !== null && movement.currency !== facts.currency)
    return refused(`it is in ${movement.currency}, and the shop counts in ${facts.currency}`)
  const amount = movementAmountProblem(movement, currencyExponent(movement.currency))
  if (amount !== null) return refused(amount)
  const others = [...facts.movementAmounts(movement.sessionId)]
    .filter(([id]) => id !== movement.id)
    .reduce((sum, [, each]) => sum + each, 0)
  if (others + movement.amount > Number.MAX_SAFE_INTEGER)
    return refused(
      `with it, the movements of session ${movement.sessionId} would add up past the exact range of amounts`,
    )
  if (!facts.hasSession(movement.sessionId))
    return {
      reason: `it waits for session ${movement.sessionId}, which this PC has not synced yet`,
      waits: true,
    }
  return null
}

/** Whether a date (YYYY-MM-DD) falls in the years a bank books. */
function bookable(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number)
  return calendarDate(year!, month!, day!) !== null
}

function lineMeaning(line: { date: string; valueDate?: string }): MeaningProblem | null {
  const date = [line.date, line.valueDate].find((d) => d !== undefined && !bookable(d))
  return date === undefined
    ? null
    : refused(`it is dated ${date}, outside the years a bank books (1900 to 2099)`)
}

/** Why a row of `table`, of the right form, cannot be applied to this store; null when it can. */
export function rowMeaningProblem(
  /** The table of Till's own records (../tables/own-record-rows.ts) the row is for. */
  table: string,
  row: unknown,
  facts: StoreFacts,
): MeaningProblem | null {
  if (table === 'cashMovements') return movementMeaning(row as CashMovement, facts)
  if (table === 'statementLines') return lineMeaning(row as { date: string; valueDate?: string })
  return null
}
