import { fnv1a64 } from '../../../exports/rules/content-hash'

/**
 * The bound of each text field of a kept bank line: one place, read by the statement readers
 * when they keep a line and by the checks of a backup's and the shared books' rows
 * (../../../backup/tables/own-record-rows.ts), so a line imported is a line a backup restores
 * and another PC takes.
 */

/** A line's id (a file's FITID, AcctSvcrRef, bank reference or CSV id, or Till's hash). */
export const MAX_LINE_ID = 200
/** A line's text: payee, description and reference as the bank shows them. */
export const MAX_LINE_TEXT = 2_000

const CUT_MARK = '…'

/**
 * The text within its bound: a longer one (a CAMT batch booking of 40 transactions names each)
 * is cut, a mark at the end saying so.
 */
export function boundedLineText(text: string): string {
  if (text.length <= MAX_LINE_TEXT) return text
  return text.slice(0, MAX_LINE_TEXT - CUT_MARK.length).trimEnd() + CUT_MARK
}

/**
 * A file's own id within its bound: a longer one (OFX allows a FITID of 255) is named by its
 * hash, 'f:' + 16 hex digits, so it stays the same id in an overlapping statement and no two
 * long ids sharing a beginning become one.
 */
export function boundedFileId(id: string): string {
  return id.length <= MAX_LINE_ID ? id : `f:${fnv1a64(id)}`
}

/** Digits other than 0–9 (①②③, ١٢٣, full-width １２３): a bank's file writes none in a figure. */
export function hasOtherDigits(text: string): boolean {
  return /[^\P{N}0-9]/u.test(text)
}
