import { formatMoney } from '../../../format/format-money'

/** What the count form holds, as far as whether it can be confirmed goes. */
export interface CountFormState {
  currency: string
  /** Each notes-and-coins field that is not a number of pieces, named ("IDR 500 coins: …"). */
  pieceProblems: readonly string[]
  /** The notes and coins' total while they are used and every field is valid, else null. */
  piecesTotal: number | null
  /** Each amount field that holds text the parser refused, by the field's name. */
  amountProblems: readonly { field: string; message: string }[]
  /** The counted cash parsed; null while blank or refused. */
  countedCash: number | null
  countedBy: string
  /** The count differs from what was expected and the variance note is blank. */
  noteMissing: boolean
  /** The session can still be trading and "Count mid-shift" is not chosen. */
  midShiftMissing: boolean
}

/**
 * Why the count cannot be confirmed yet, naming the field and the reason, the first problem
 * only; null when it can. This is the Confirm button's description, read out as it changes.
 */
export function confirmBlocker(form: CountFormState): string | null {
  if (form.pieceProblems.length > 0)
    return `${form.pieceProblems.join(' ')} Correct ${form.pieceProblems.length === 1 ? 'it' : 'them'} to confirm.`
  const refused = form.amountProblems[0]
  if (refused) return `${refused.field}: ${refused.message}`
  if (form.countedCash === null || form.countedBy.trim() === '')
    return 'Enter the counted cash and who counted to confirm.'
  if (form.piecesTotal !== null && form.piecesTotal !== form.countedCash)
    return `Counted cash is ${formatMoney(form.countedCash, form.currency)}, but the notes and coins add up to ${formatMoney(form.piecesTotal, form.currency)}: correct one of them to confirm.`
  if (form.noteMissing) return 'Say why the count differs in the variance note to confirm.'
  if (form.midShiftMissing)
    return 'Choose “Count mid-shift” to count a session that can still be trading.'
  return null
}
