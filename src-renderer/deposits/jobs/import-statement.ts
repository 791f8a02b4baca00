import type { TillDatabase } from '../../database/database'
import { saveCsvMapping, saveDepositSettings } from '../tables/deposit-settings-store'
import { tillMatchesSince } from '../tables/deposit-matches'
import { keepStatementLines, type KeptCount } from '../tables/statement-lines'
import type { ParsedStatement, StatementFormat } from '../rules/bank-line'
import type { CsvMapping } from '../rules/statements/csv-statement'
import {
  checkStatementAccount,
  checkStatementCurrency,
  readStatement,
  statementSizeProblem,
} from '../rules/statements/read-statement'
import { depositSettingsOf, runDepositMatching } from './deposit-matching'

class UnknownBankAccountError extends Error {
  override name = 'UnknownBankAccountError'
}

/** A statement file too large to read. */
export class StatementSizeError extends Error {
  override name = 'StatementSizeError'
}

export interface StatementImport {
  bankAccountId: string
  /** The file's text; or, already read (by the preview), its `statement`: not read again. */
  text?: string
  statement?: ParsedStatement
  /** The file's name, as the import is listed. */
  fileName?: string
  /** The format the person chose; else recognised from the text. */
  format?: StatementFormat
  /** The CSV columns as mapped for this account: remembered for its next file. */
  csv?: CsvMapping
}

export interface ImportResult extends KeptCount {
  /** Matches Till made on its own after the import, and offers left to decide. */
  matched: number
  offers: number
  /** The import, as kept to be undone. */
  batchId: string
  /** The statement's account number, when the bank account has none yet: offered to keep. */
  numberToKeep?: string
}

function statementOf(wanted: StatementImport, currency: string, now: number): ParsedStatement {
  if (wanted.statement) return wanted.statement
  const text = wanted.text ?? ''
  const tooLarge = statementSizeProblem(text.length)
  if (tooLarge) throw new StatementSizeError(tooLarge)
  return readStatement(text, {
    format: wanted.format,
    csv: wanted.csv,
    currency,
    thisYear: new Date(now).getUTCFullYear(),
  })
}

/**
 * Imports a bank statement into a bank account (docs/deposits.md#importing-a-statement): read
 * whole through the statement readers, refused whole with the line or element at fault (a
 * `StatementReadError`), when its currency is not the account's (a `StatementCurrencyError`) or
 * its account number another's (a `StatementAccountError`), nothing of it kept then. Lines the
 * account already holds, from this format or another, are left out; the import is kept as a
 * batch to undo; the matching runs on what is new.
 */
export async function importStatement(
  db: TillDatabase,
  wanted: StatementImport,
  currency: string,
  now: number,
): Promise<ImportResult> {
  const settings = await depositSettingsOf(db, currency)
  const account = settings.bankAccounts.find((a) => a.id === wanted.bankAccountId)
  if (!account) throw new UnknownBankAccountError(`No bank account ${wanted.bankAccountId}.`)
  const statement = statementOf(wanted, account.currency, now)
  checkStatementCurrency(statement, account)
  checkStatementAccount(statement, account)
  if (wanted.csv && statement.format === 'csv') await saveCsvMapping(db, account.id, wanted.csv)
  const batchId = `${account.id}:${now.toString(36)}:${crypto.randomUUID().slice(0, 8)}`
  const kept = await keepStatementLines(db, account.id, statement.lines, now, {
    batchId,
    fileName: wanted.fileName ?? `${statement.format} statement`,
    format: statement.format,
  })
  const { offers } = await runDepositMatching(db, currency, now)
  // Counted from the cache: the matching follower, hearing the lines kept, may have made them.
  return {
    ...kept,
    matched: await tillMatchesSince(db, now),
    offers,
    batchId,
    ...(statement.accountRef && !account.number ? { numberToKeep: statement.accountRef } : {}),
  }
}

/** Keeps `number` as the bank account's number, as the first statement imported into it gave. */
export async function keepAccountNumber(
  db: TillDatabase,
  currency: string,
  bankAccountId: string,
  number: string,
): Promise<void> {
  const settings = await depositSettingsOf(db, currency)
  await saveDepositSettings(db, {
    ...settings,
    bankAccounts: settings.bankAccounts.map((a) => (a.id === bankAccountId ? { ...a, number } : a)),
  })
}
