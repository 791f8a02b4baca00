/** A column heading: plain text, or `{ amount }` for a right-aligned column of amounts or counts. */
export type Column = string | { amount: string }

/** A table's row of column headings, the one way every table of the screens writes it. */
export function TableHead({ columns }: { columns: readonly Column[] }): React.JSX.Element {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.amount} scope="col" className="amount">
              {column.amount}
            </th>
          ),
        )}
      </tr>
    </thead>
  )
}
