import { flexRender, type Row as TableRow } from '@tanstack/react-table'
import './column-meta'

/**
 * One row of the grid at `index` (0-based; `aria-rowindex` counts the header): its cells once
 * its page is loaded, "Loading…" across the row until then. Only the active row is in the Tab
 * order; `selected` marks the row whose detail is open.
 */
export function GridRow<Row>({
  index,
  tableRow,
  loaded,
  selected,
  active,
  height,
  columnCount,
  onFocus,
  onBlur,
  onClick,
}: {
  index: number
  tableRow: TableRow<Row> | undefined
  /** The row's data has arrived (it may still wait for the table to take it). */
  loaded: boolean
  selected: boolean
  active: boolean
  height: number
  columnCount: number
  onFocus: (event: React.FocusEvent<HTMLTableRowElement>) => void
  onBlur: (event: React.FocusEvent<HTMLTableRowElement>) => void
  onClick: () => void
}): React.JSX.Element {
  return (
    <tr
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={loaded ? selected : undefined}
      aria-busy={!loaded || undefined}
      tabIndex={active ? 0 : -1}
      className="row"
      style={{ height }}
      onFocus={onFocus}
      onBlur={onBlur}
      onClick={onClick}
    >
      {tableRow ? (
        tableRow.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))
      ) : (
        <td colSpan={columnCount} className="muted">
          Loading…
        </td>
      )}
    </tr>
  )
}
