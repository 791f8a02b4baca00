/**
 * A bank statement as Till keeps it, whatever file it came from (CSV, OFX/QFX, CAMT.053, MT940).
 * See docs/deposits.md#bank-statement-formats.
 */

/** One line of a bank statement, as Till keeps it. Amounts in minor units, signed: + money in. */
export interface StatementLine {
  /** The file's own id (OFX FITID; CAMT AcctSvcrRef, else NtryRef; MT940 bank reference or a
   *  CSV id column), else 'h:' + a hash of date, amount, text and running balance. Stable: the
   *  same line in an overlapping statement gets the same id. */
  id: string
  /** Booking date, YYYY-MM-DD. */
  date: string
  valueDate?: string
  amount: number
  currency: string
  /** Payee, description and reference joined as the bank shows them. */
  text: string
  /** Running balance after this line, when the file gives it. */
  balance?: number
  /** The bank's own kind of transaction, when the format has one: CAMT's BkTxCd
   *  (`PMNT/CNTR/CDPT`, or its proprietary code), MT940's `:61:` type (`NTRF`), OFX's TRNTYPE. */
  bankKind?: string
  /** The bank's or the payer's reference beside the id, when the file gives one (CAMT
   *  EndToEndId, MT940's reference for the account owner). */
  bankReference?: string
}

export type StatementFormat = 'csv' | 'ofx' | 'camt053' | 'mt940'

export interface ParsedStatement {
  format: StatementFormat
  /** The account as the file names it (IBAN, account number), when it does. */
  accountRef?: string
  currency: string
  lines: StatementLine[]
}

/** A file refused whole; `where` names the line ("line 14") or element ("Ntry[3]/Amt"). */
export class StatementReadError extends Error {
  override name = 'StatementReadError'
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(`${where}: ${message}`)
  }
}
