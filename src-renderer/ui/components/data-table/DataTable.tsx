import type { ColumnDef, SortingState } from '@tanstack/react-table'
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type Ref,
} from 'react'
import './column-meta'
import './data-table.css'
import { GridRow } from './GridRow'
import { RowPages } from './row-pages'
import { rowAfterKey } from './row-keys'
import type { RowSource } from './row-source'
import { offsetRevealing } from './scroll-window'
import { SortableHeaders } from './SortableHeaders'
import { useGridTable } from './use-grid-table'
import { useRowWindow } from './use-row-window'

/**
 * A virtualised, keyboard-navigable table over a `RowSource` of any length (a million rows
 * stay smooth: only the rows on show are in the page, fetched a page at a time). The first
 * page shows as soon as it arrives, before the count; the rest scroll in once it is known.
 *
 * Props:
 * - `label`: the table's accessible name.
 * - `columns`: TanStack column definitions, each with an `id` (the sort key handed to the
 *   source) and `header` and `cell`; `meta.numeric` right-aligns (amounts), `meta.width` sets a
 *   CSS width; `enableSorting: false` for a column the source cannot sort by, `sortDescFirst`
 *   for one whose first click should sort descending.
 * - `source`, `filters`, `sorting`, `onSortingChange`: what to show; see `RowSource`. Sorting is
 *   controlled (one column at a time); filters are whatever the source understands.
 * - `getRowId`: a row's stable id; `openRowId`: the row shown as selected (its detail is open).
 * - `onOpenRow`: Enter or a click on a row.
 * - `describeCount`: the visible line saying how many rows match, e.g. `n => \`${n} bills\``.
 * - `emptyState`: shown instead of the table when nothing matches.
 * - `handle.focusActiveRow()`: puts the focus back on the row last used (after a detail
 *   panel closes).
 *
 * Keys: arrows, Page Up/Down, Home/End move between rows (one tab stop for the whole table),
 * Enter opens. Sortable headers are buttons; the sorted one carries `aria-sort`. Rows carry
 * `aria-rowindex` within `aria-rowcount`, as only some are in the page.
 */
export interface DataTableProps<Row, Filters> {
  label: string
  columns: Array<ColumnDef<Row>>
  source: RowSource<Row, Filters>
  filters: Filters
  sorting: SortingState
  onSortingChange: (sorting: SortingState) => void
  getRowId: (row: Row) => string
  openRowId?: string | null
  onOpenRow?: (row: Row) => void
  describeCount: (count: number) => string
  emptyState: ReactNode
  handle?: Ref<DataTableHandle>
}

export interface DataTableHandle {
  focusActiveRow(): void
}

export function DataTable<Row, Filters>(props: DataTableProps<Row, Filters>): React.JSX.Element {
  const { source, filters, sorting, describeCount, emptyState } = props
  const [pages] = useState(() => new RowPages<Row, Filters>())
  useSyncExternalStore(pages.subscribe, pages.snapshot)
  useEffect(() => pages.setQuery(source, sorting, filters), [pages, source, sorting, filters])
  const count = pages.count
  const showable = pages.showable

  return (
    <div className="data-table">
      <p role="status" className="data-table-count">
        {count !== null ? describeCount(count) : showable > 0 ? 'Counting…' : 'Loading…'}
      </p>
      {pages.error !== null && (
        <p role="alert" className="error">
          Till could not read these rows: {pages.error}
        </p>
      )}
      {count === 0 ? (
        emptyState
      ) : (
        <RowGrid {...props} pages={pages} count={showable} loading={count === null} />
      )}
    </div>
  )
}

/** The rows on show of a table of `count`, with the active row and its keys. */
function RowGrid<Row, Filters>({
  label,
  columns,
  sorting,
  filters,
  onSortingChange,
  getRowId,
  openRowId,
  onOpenRow,
  handle,
  pages,
  count,
  loading,
}: DataTableProps<Row, Filters> & {
  pages: RowPages<Row, Filters>
  count: number
  loading: boolean
}): React.JSX.Element {
  const queryKey = JSON.stringify([sorting, filters])
  const { scroll, scrollElement, attachScroll, observeHeader, rowHeight, headerHeight, ...shown } =
    useRowWindow(pages, count, queryKey)
  const { placed } = shown
  const [active, setActive] = useState({ queryKey, index: 0 })
  const activeIndex = active.queryKey === queryKey ? Math.min(active.index, count - 1) : 0
  const tbody = useRef<HTMLTableSectionElement>(null)
  const focusedRow = useRef<HTMLElement | null>(null)
  const focusPending = useRef(false)

  const { table, tableRows, leafColumns, widths } = useGridTable(
    pages,
    placed.map(({ item }) => item.index),
    columns,
    sorting,
    scrollElement,
  )
  const columnCount = leafColumns.length

  const moveTo = useCallback(
    (index: number) => {
      setActive({ queryKey, index })
      const viewport = scroll.viewportHeight
      const rowTop = headerHeight + index * rowHeight
      scroll.scrollTo(
        offsetRevealing(rowTop, rowHeight, scroll.virtualOffset, viewport, headerHeight),
      )
      focusPending.current = true
    },
    [queryKey, scroll, headerHeight, rowHeight],
  )

  useImperativeHandle(handle, () => ({ focusActiveRow: () => moveTo(activeIndex) }), [
    moveTo,
    activeIndex,
  ])

  // Focus follows the active row once it is drawn; if the focused row scrolled out of the page
  // (and so left the document), the scroll area keeps the focus and the keys keep working.
  useLayoutEffect(() => {
    const rowElement = tbody.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)
    if (focusPending.current && rowElement) {
      focusPending.current = false
      rowElement.focus({ preventScroll: true })
    }
    const lost = focusedRow.current
    if (lost && !lost.isConnected) {
      focusedRow.current = null
      if (document.activeElement === document.body) scrollElement?.focus({ preventScroll: true })
    }
  })

  const onKeyDown = (event: React.KeyboardEvent): void => {
    if (event.key === 'Enter') {
      const row = pages.row(activeIndex)
      if (row !== undefined && onOpenRow) {
        event.preventDefault()
        onOpenRow(row)
      }
      return
    }
    const pageRows = Math.floor((scroll.viewportHeight - headerHeight) / rowHeight)
    const next = rowAfterKey(event.key, activeIndex, count, pageRows)
    if (next === null) return
    event.preventDefault()
    moveTo(next)
  }

  return (
    <div className="data-table-scroll" ref={attachScroll} tabIndex={-1} onKeyDown={onKeyDown}>
      <table
        role="grid"
        aria-label={label}
        aria-rowcount={count + 1}
        aria-readonly="true"
        aria-busy={loading || undefined}
        style={{ minWidth: `calc(${widths.join(' + ')})` }}
      >
        <colgroup>
          {leafColumns.map((column, i) => (
            <col key={column.id} style={{ width: widths[i] }} />
          ))}
        </colgroup>
        <SortableHeaders
          groups={table.getHeaderGroups()}
          onSortingChange={onSortingChange}
          headRef={observeHeader}
        />
        <tbody ref={tbody}>
          <tr aria-hidden="true" className="spacer" style={{ height: shown.topSpacer }}>
            <td colSpan={columnCount} />
          </tr>
          {placed.map(({ item }) => {
            const row = pages.row(item.index)
            const isActive = item.index === activeIndex
            return (
              <GridRow
                key={item.key}
                index={item.index}
                tableRow={tableRows.get(item.index)}
                loaded={row !== undefined}
                selected={row !== undefined && getRowId(row) === openRowId}
                active={isActive}
                height={rowHeight}
                columnCount={columnCount}
                onFocus={(event) => {
                  focusedRow.current = event.currentTarget
                  if (!isActive) setActive({ queryKey, index: item.index })
                }}
                onBlur={(event) => {
                  if (event.relatedTarget !== null) focusedRow.current = null
                }}
                onClick={() => {
                  setActive({ queryKey, index: item.index })
                  if (row !== undefined) onOpenRow?.(row)
                }}
              />
            )
          })}
          <tr aria-hidden="true" className="spacer" style={{ height: shown.bottomSpacer }}>
            <td colSpan={columnCount} />
          </tr>
        </tbody>
      </table>
    </div>
  )
}
