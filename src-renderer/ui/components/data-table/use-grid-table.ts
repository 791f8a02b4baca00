import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row as TableRow,
  type SortingState,
} from '@tanstack/react-table'
import { useMemo } from 'react'
import { columnWidth } from './column-width'
import type { RowPages } from './row-pages'

const coreRowModel = getCoreRowModel()

/**
 * The TanStack table of the rows drawn (`indices`) whose pages have arrived, each by its index
 * among all rows, and the columns' CSS widths, measured in the font of `fontElement` once it is
 * there.
 */
export function useGridTable<Row, Filters>(
  pages: RowPages<Row, Filters>,
  indices: readonly number[],
  columns: Array<ColumnDef<Row>>,
  sorting: SortingState,
  fontElement: Element | null,
) {
  const loaded = indices.flatMap((index) => {
    const row = pages.row(index)
    return row === undefined ? [] : [{ index, row }]
  })
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here
  const table = useReactTable({
    data: loaded.map((entry) => entry.row),
    columns,
    getRowId: (_row, position) => String(loaded[position]?.index),
    getCoreRowModel: coreRowModel,
    state: { sorting },
    // The source sorts, filters and pages. Manual paging also keeps TanStack from resetting a
    // page index (and rendering again) each time the rows on show change.
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
  })
  const tableRows: ReadonlyMap<number, TableRow<Row>> = new Map(
    table.getRowModel().rows.map((row) => [Number(row.id), row]),
  )
  const leafColumns = table.getVisibleLeafColumns()
  const widths = useMemo(
    () => leafColumns.map((column) => columnWidth(column, fontElement ?? document.body)),
    [leafColumns, fontElement],
  )
  return { table, tableRows, leafColumns, widths }
}
