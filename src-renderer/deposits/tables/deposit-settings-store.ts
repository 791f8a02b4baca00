import type { TillDatabase } from '../../database/database'
import type { DepositSettings } from '../rules/deposit-settings'
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
