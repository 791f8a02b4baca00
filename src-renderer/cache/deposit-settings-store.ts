import type { TillDatabase } from './database'
import type { DepositSettings } from '../domain/deposits/deposit-settings'
import type { CsvColumns } from './deposit-rows'

/** The deposit settings saved, or null before any were. */
export async function readDepositSettings(db: TillDatabase): Promise<DepositSettings | null> {
  const row = await db.depositSettings.get('settings')
  return row && 'settings' in row ? row.settings : null
}

export async function saveDepositSettings(
  db: TillDatabase,
  settings: DepositSettings,
): Promise<void> {
  await db.depositSettings.put({ key: 'settings', settings })
}

/** The CSV columns last mapped for a bank account, or null. */
export async function readCsvColumns(
  db: TillDatabase,
  bankAccountId: string,
): Promise<CsvColumns | null> {
  const row = await db.depositSettings.get(`csv:${bankAccountId}`)
  return row && 'columns' in row ? row.columns : null
}

export async function saveCsvColumns(
  db: TillDatabase,
  bankAccountId: string,
  columns: CsvColumns,
): Promise<void> {
  await db.depositSettings.put({ key: `csv:${bankAccountId}`, columns })
}
