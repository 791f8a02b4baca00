import type { TillDatabase } from '../../database/database'
import { saveCsvMapping } from '../tables/deposit-settings-store'
import { tillMatchesSince } from '../tables/deposit-matches'
import { keepStatementLines, type KeptCount } from '../tables/statement-lines'
import type { StatementFormat } from '../rules/bank-line'
import type { CsvMapping } from '../rules/statements/csv-statement'
import { checkStatementCurrency, readStatement } from '../rules/statements/read-statement'
import { depositSettingsOf, runDepositMatching } from './deposit-matching'

class UnknownBankAccountError extends Error {
  override name = 'UnknownBankAccountError'
}

export interface StatementImport {
  bankAccountId: string
  text: string
  /** The format the person chose; else recognised from the text. */
  format?: StatementFormat
  /** The CSV columns as mapped for this account: remembered for its next file. */
  csv?: CsvMapping
}

export interface ImportResult extends KeptCount {
  /** Matches Till made on its own after the import, and offers left to decide. */
  matched: number
  offers: number
}

/**
 * Imports a bank statement into a bank account (docs/deposits.md#importing-a-statement): read
 * whole through the statement readers, refused whole with the line or element at fault (a
 * `StatementReadError`) or when its currency is not the account's (a
 * `StatementCurrencyError`), nothing of it kept then. Lines the account already holds are left
 * out; the matching runs on what is new.
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
  const statement = readStatement(wanted.text, {
    format: wanted.format,
    csv: wanted.csv,
    currency: account.currency,
    thisYear: new Date(now).getUTCFullYear(),
  })
  checkStatementCurrency(statement, account)
  if (wanted.csv && statement.format === 'csv') await saveCsvMapping(db, account.id, wanted.csv)
  const kept = await keepStatementLines(db, account.id, statement.lines, now)
  const { offers } = await runDepositMatching(db, currency, now)
  // Counted from the cache: the matching follower, hearing the lines kept, may have made them.
  return { ...kept, matched: await tillMatchesSince(db, now), offers }
}
