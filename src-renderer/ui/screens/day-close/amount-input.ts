import {
  amountTextHint,
  formatAmountText,
  parseAmountText,
  regroupAmountText,
  type AmountParse,
  type NumberMarks,
} from '../../../domain/format/amount-text'

/** The amount fields' names for the one amount parser and formatter (domain/format/amount-text). */
export type ParsedAmount = AmountParse

export const parseAmount = parseAmountText
export const amountHint = amountTextHint
export const groupAsTyped = regroupAmountText

/** What an empty amount field shows: "0", "0.00", "0,000". */
export function amountPlaceholder(currency: string, marks: NumberMarks): string {
  return formatAmountText(0, currency, marks)
}
