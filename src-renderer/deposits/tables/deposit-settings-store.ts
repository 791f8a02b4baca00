import type { TillDatabase } from '../../database/database'
import {
  defaultDepositSettings,
  withBankTerms,
  type BankTerms,
  type DepositSettings,
} from '../rules/deposit-settings'
import type { CsvMapping } from '../rules/statements/csv-statement'
import type { DepositSettingsRow } from './deposit-rows'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'

/** The deposit settings saved, or null before any were. */
export async function readDepositSettings(db: TillDatabase): Promise<DepositSettings | null> {
  const row = await db.depositSettings.get('settings')
  return row && 'settings' in row ? row.settings : null
}

export async function saveDepositSettings(
  db: TillDatabase,
  settings: DepositSettings,
): Promise<void> {
  await keepSettingsRow(db, { key: 'settings', settings })
}

/**
 * The demo bank's terms, given to the demo shop's cache once, as its bookkeeper would enter them
 * on the first day (its card processor charges a fixed fee a payment that Till's defaults lack).
 * Settings a person saved are never replaced; none given now leaves them to be given later.
 */
export async function takeDemoBankTerms(
  db: TillDatabase,
  currency: string | null,
  terms: Readonly<Record<string, BankTerms>>,
): Promise<void> {
  if (currency === null || Object.keys(terms).length === 0) return
  await db.transaction('rw', [db.depositSettings, db.meta, ...outboxTables(db)], async () => {
    if ((await db.meta.get('demo-bank-terms')) || (await readDepositSettings(db))) return
    const settings = withBankTerms(defaultDepositSettings(currency), terms)
    await keepSettingsRow(db, { key: 'settings', settings })
    await db.meta.put({ key: 'demo-bank-terms', value: Date.now() })
  })
}

/** The CSV columns last mapped for a bank account, or null. */
export async function readCsvMapping(
  db: TillDatabase,
  bankAccountId: string,
): Promise<CsvMapping | null> {
  const row = await db.depositSettings.get(`csv:${bankAccountId}`)
  return row && 'columns' in row ? row.columns : null
}

export async function saveCsvMapping(
  db: TillDatabase,
  bankAccountId: string,
  columns: CsvMapping,
): Promise<void> {
  await keepSettingsRow(db, { key: `csv:${bankAccountId}`, columns })
}

/** Puts a settings row, and queues it for shared books. */
function keepSettingsRow(db: TillDatabase, row: DepositSettingsRow): Promise<void> {
  return db.transaction('rw', [db.depositSettings, ...outboxTables(db)], async () => {
    await db.depositSettings.put(row)
    await enqueueRow(db, 'depositSetting', row)
  })
}
