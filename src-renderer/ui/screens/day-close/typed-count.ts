import type { CountDraftFields } from '../../../database/cached-records'
import {
  CASH,
  countVariance,
  hasVariance,
  type CountResult,
  type DayCloseFigures,
  type MethodTakings,
} from '../../../day-close'
import { parseAmountText, type AmountParse, type NumberMarks } from '../../../format/amount-text'
import type { Denomination } from '../../../day-close'
import { methodLabelInText } from '../../../format/labels'
import { confirmBlocker } from './confirm-blocker'
import { countByPieces, type PieceCount } from './piece-count'

/** The count form's fields read: the pieces and their total, the counted amounts, the variance. */
export interface TypedCount {
  pieces: PieceCount
  /** The counted cash parsed, or null while it is empty. */
  cashParsed: AmountParse | null
  /** The payment methods other than cash, each counted in a field of its own. */
  otherMethods: MethodTakings[]
  /** Each other method's field parsed, or null while it is empty. */
  methodParsed: Record<string, AmountParse | null>
  /** The other methods' counts that parsed, in minor units. */
  countedByMethod: Record<string, number>
  /** The variances, once the counted cash parses. */
  count: CountResult | null
  /** The count differs from what was expected: the variance note is required. */
  noteNeeded: boolean
  /** Why the count cannot be confirmed yet, or null (see `confirmBlocker`). */
  blocker: string | null
}

/** An amount field's text parsed, or null while it is empty. */
function parseTyped(
  text: string,
  currency: string,
  marks: NumberMarks,
  allowNegative = false,
): AmountParse | null {
  return text.trim() ? parseAmountText(text, currency, marks, { allowNegative }) : null
}

/** What the drawer count's fields say, against the session's `figures`. */
export function readTypedCount({
  fields,
  figures,
  denominations,
  currency,
  marks,
  midShiftMissing,
}: {
  fields: CountDraftFields
  figures: DayCloseFigures
  denominations: readonly Denomination[]
  currency: string
  marks: NumberMarks
  /** The session can still be trading and "Count mid-shift" is not chosen. */
  midShiftMissing: boolean
}): TypedCount {
  const pieces = countByPieces(denominations, fields.pieces, currency)
  const cashParsed = parseTyped(fields.countedCash, currency, marks)
  const otherMethods = figures.methods.filter((m) => m.method !== CASH)
  const methodParsed = Object.fromEntries(
    otherMethods.map((m) => [
      m.method,
      parseTyped(fields.countedByMethod[m.method] ?? '', currency, marks, true),
    ]),
  )
  const countedByMethod = Object.fromEntries(
    Object.entries(methodParsed).flatMap(([method, p]) => (p?.ok ? [[method, p.minor]] : [])),
  )
  const amountProblems = [
    { field: 'Counted cash', parsed: cashParsed },
    ...otherMethods.map((m) => ({
      field: `Counted ${methodLabelInText(m.method)}`,
      parsed: methodParsed[m.method] ?? null,
    })),
  ].flatMap(({ field, parsed }) =>
    parsed && !parsed.ok ? [{ field, message: parsed.message }] : [],
  )
  const count = cashParsed?.ok
    ? countVariance(figures, { countedCash: cashParsed.minor, countedByMethod })
    : null
  const noteNeeded = count !== null && hasVariance(count)
  const blocker = confirmBlocker({
    currency,
    pieceProblems: pieces.problems,
    piecesTotal: pieces.used ? pieces.total : null,
    amountProblems,
    countedCash: count?.countedCash ?? null,
    countedBy: fields.countedBy,
    noteMissing: noteNeeded && fields.note.trim() === '',
    midShiftMissing,
  })
  return {
    pieces,
    cashParsed,
    otherMethods,
    methodParsed,
    countedByMethod,
    count,
    noteNeeded,
    blocker,
  }
}
