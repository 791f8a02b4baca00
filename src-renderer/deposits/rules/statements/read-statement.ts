import { StatementReadError, type ParsedStatement, type StatementFormat } from '../bank-line'
import { readCamt053Statement } from './camt053-statement'
import { readCsvStatement, type CsvMapping } from './csv-statement'
import { readMt940Statement } from './mt940-statement'
import { readOfxStatement } from './ofx-statement'

/**
 * One door for every bank statement file: the format told or recognised, the file read whole or
 * refused whole (see docs/deposits.md#bank-statement-formats).
 */

/** The largest statement file read: a year of a busy account's CAMT.053 with its details. */
const MAX_STATEMENT_BYTES = 50 * 1024 * 1024

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`

/** Why a file of `bytes` is not read (too large, in words with the cap); null when it is read. */
export function statementSizeProblem(bytes: number): string | null {
  if (bytes <= MAX_STATEMENT_BYTES) return null
  return `This file is ${megabytes(bytes)}; Till reads statement files of up to ${megabytes(MAX_STATEMENT_BYTES)}. Export a shorter period from your bank.`
}

export interface ReadStatementOptions {
  /** The format, when the person chose it; else recognised from the text. */
  format?: StatementFormat
  /** The bank account's column mapping: needed for a CSV file. */
  csv?: CsvMapping
  /** The bank account's currency: a CSV file without a currency column is in it. */
  currency: string
  /** The year it is: two-digit years are read in a window around it. */
  thisYear?: number
}

/** The format the text is in: OFX/QFX, CAMT.053 and MT940 are recognised; anything else is CSV. */
export function statementFormatOf(text: string): StatementFormat {
  const head = text.slice(0, 4096)
  if (/^\s*OFXHEADER\s*:/.test(head.replace(/^\ufeff/, '')) || /<\?OFX\s|<OFX\s*>/i.test(head))
    return 'ofx'
  if (/<(\w+:)?BkToCstmrStmt[\s>]/.test(head) || /camt\.053/.test(head)) return 'camt053'
  if (/(^|\n|\{4:\s*\n?):20:/.test(head) && /\n:(60F|60M):/.test(text)) return 'mt940'
  return 'csv'
}

/**
 * The statement in the text. Throws StatementReadError, naming the line or element at fault,
 * when any part of it cannot be read: nothing of such a file is to be kept.
 */
export function readStatement(text: string, options: ReadStatementOptions): ParsedStatement {
  const format = options.format ?? statementFormatOf(text)
  switch (format) {
    case 'ofx':
      return readOfxStatement(text)
    case 'camt053':
      return readCamt053Statement(text)
    case 'mt940':
      return readMt940Statement(text, options.thisYear)
    case 'csv':
      if (!options.csv)
        throw new StatementReadError(
          'a CSV file needs its columns mapped for this bank account first',
          'line 1',
        )
      return readCsvStatement(text, options.csv, options.currency)
  }
}

export type StatementPreview =
  | {
      ok: true
      format: StatementFormat
      lines: ParsedStatement['lines']
      total: number
      currency: string
      /** The statement whole: what importing it keeps, without reading the file again. */
      statement: ParsedStatement
    }
  | { ok: false; error: StatementReadError }

/** What importing the text would bring: its first `count` lines and how many in all, or why it cannot be read. */
export function previewStatement(
  text: string,
  options: ReadStatementOptions,
  count = 10,
): StatementPreview {
  try {
    const statement = readStatement(text, options)
    return {
      ok: true,
      format: statement.format,
      lines: statement.lines.slice(0, count),
      total: statement.lines.length,
      currency: statement.currency,
      statement,
    }
  } catch (error) {
    if (error instanceof StatementReadError) return { ok: false, error }
    throw error
  }
}

export class StatementCurrencyError extends Error {
  override name = 'StatementCurrencyError'
}

export class StatementAccountError extends Error {
  override name = 'StatementAccountError'
}

/** An account number as compared: its letters and digits, upper case. */
function plainNumber(number: string): string {
  return number.replace(/[^0-9A-Za-z]/g, '').toUpperCase()
}

/**
 * Whether two account numbers name one account: the same letters and digits, or an IBAN and the
 * bank's own number it ends with (DE89 3704 0044 0532 0130 00 and 0532013000).
 */
function sameAccountNumber(a: string, b: string): boolean {
  const [shorter, longer] = [plainNumber(a), plainNumber(b)].sort((x, y) => x.length - y.length)
  if (shorter === longer) return true
  return shorter!.length >= 6 && /^[A-Z]{2}\d{2}/.test(longer!) && longer!.endsWith(shorter!)
}

/**
 * Refuses a statement of another account than the bank account it is imported into, naming
 * both numbers; a statement or an account without a number is not refused.
 */
export function checkStatementAccount(
  statement: Pick<ParsedStatement, 'accountRef'>,
  account: { name: string; number?: string },
): void {
  const { accountRef } = statement
  if (!accountRef || !account.number || sameAccountNumber(accountRef, account.number)) return
  throw new StatementAccountError(
    `This statement is of account ${accountRef}, but ${account.name} is account ${account.number}: import it into the account it is of, or correct ${account.name}’s number in the deposit settings.`,
  )
}

/** Refuses a statement in another currency than the bank account it is imported into. */
export function checkStatementCurrency(
  statement: Pick<ParsedStatement, 'currency'>,
  account: { name: string; currency: string },
): void {
  if (statement.currency !== account.currency)
    throw new StatementCurrencyError(
      `This statement is in ${statement.currency}, but ${account.name} is kept in ${account.currency}: import it into a ${statement.currency} account.`,
    )
}
