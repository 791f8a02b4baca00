import type { TillDatabase } from '../../../database/database'
import { readCsvMapping, type BankAccount } from '../../../deposits'
import { StatementImport } from './StatementImport'
import { StatementImports } from './StatementImports'

/** Importing a statement, and the statements imported, each to undo. */
export function StatementsPanel({
  db,
  accounts,
  currency,
  timeZone,
  onUndo,
}: {
  db: TillDatabase
  accounts: BankAccount[]
  currency: string
  timeZone: string
  onUndo(batchId: string): void
}): React.JSX.Element {
  return (
    <>
      <StatementImport
        db={db}
        accounts={accounts}
        currency={currency}
        rememberedMapping={(id) => readCsvMapping(db, id)}
      />
      <StatementImports db={db} accounts={accounts} timeZone={timeZone} onUndo={onUndo} />
    </>
  )
}
