import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from '../../../database/database'
import { statementBatches, type BankAccount } from '../../../deposits'
import { formatDateTime } from '../../../format/time'

/**
 * The statements imported, newest first: which file into which account, when, and what it
 * brought; each can be undone with the matches made of its lines until an export posts one.
 */
export function StatementImports({
  db,
  accounts,
  timeZone,
  onUndo,
}: {
  db: TillDatabase
  accounts: readonly BankAccount[]
  timeZone: string
  onUndo(batchId: string): void
}): React.JSX.Element | null {
  const batches = useLiveQuery(() => statementBatches(db), [db])
  if (!batches || batches.length === 0) return null
  const accountName = (id: string) => accounts.find((a) => a.id === id)?.name ?? id
  return (
    <details className="panel">
      <summary>Statements imported ({batches.length})</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Bank account</th>
            <th scope="col">Imported</th>
            <th scope="col">Lines</th>
            <th scope="col">Undo</th>
          </tr>
        </thead>
        <tbody>
          {batches.map((batch) => (
            <tr key={batch.id}>
              <td>{batch.fileName}</td>
              <td>{accountName(batch.bankAccountId)}</td>
              <td>{formatDateTime(batch.importedAt, timeZone)}</td>
              <td>
                {batch.added} new
                {batch.already > 0 ? `, ${batch.already} already there` : ''}
              </td>
              <td>
                {batch.undoneAt === undefined ? (
                  <button type="button" onClick={() => onUndo(batch.id)}>
                    Undo import
                  </button>
                ) : (
                  `Undone by ${batch.undoneBy ?? 'someone'}, ${formatDateTime(batch.undoneAt, timeZone)}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
