import { useState, type ReactNode } from 'react'
import type { TillDatabase } from '../../../database/database'
import { chooseVersion } from '../../../shared-books'
import { TableHead } from '../money-table/TableHead'

/** A way out of the conflict as its button words it. */
export interface VersionChoice {
  choice: 'mine' | 'theirs'
  words: string
}

/**
 * A record saved differently here and on another PC (docs/shared-books.md#conflicts): this PC's
 * version and the other's side by side, and the buttons with which a person chooses the one that
 * stands. A choice that fails says why.
 */
export function BothVersions({
  db,
  conflictRef,
  other,
  label,
  rowHeading,
  choices,
  children,
}: {
  db: TillDatabase
  conflictRef: string
  /** The other PC's name, its column's heading. */
  other: string
  /** The table's accessible name. */
  label: string
  /** The heading of the rows' names' column, where the rows have names. */
  rowHeading?: string
  /** The buttons, in the order shown. */
  choices: readonly VersionChoice[]
  /** The table's rows. */
  children: ReactNode
}): React.JSX.Element {
  const [error, setError] = useState<string | null>(null)
  const choose = (choice: VersionChoice['choice']): void => {
    setError(null)
    chooseVersion(db, conflictRef, choice).catch((e: Error) => setError(e.message))
  }
  return (
    <>
      <table aria-label={label}>
        <TableHead columns={[...(rowHeading ? [rowHeading] : []), 'This PC', other]} />
        <tbody>{children}</tbody>
      </table>
      <div className="actions">
        {choices.map(({ choice, words }) => (
          <button key={choice} type="button" onClick={() => choose(choice)}>
            {words}
          </button>
        ))}
      </div>
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
