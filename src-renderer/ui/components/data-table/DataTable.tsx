import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type Ref,
} from 'react'
import './column-meta'
import './data-table.css'
import { RowPages } from './row-pages'
import { rowAfterKey } from './row-keys'
import type { RowSource } from './row-source'
import { offsetRevealing, realPosition } from './scroll-window'
import { VirtualScroll } from './virtual-scroll'

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

const ROW_HEIGHT_REM = 2.4
const DEFAULT_COLUMN_WIDTH = '8rem'
let context: CanvasRenderingContext2D | null | undefined

/** The width in CSS pixels of the widest of `texts` drawn in `element`'s font (bold if asked). */
function widestText(texts: readonly string[], element: Element, bold = false): number {
  context ??= document.createElement('canvas').getContext('2d')
  if (!context || texts.length === 0) return 0
  const style = getComputedStyle(element)
  context.font = `${bold ? 700 : style.fontWeight} ${style.fontSize} ${style.fontFamily}`
  return Math.max(...texts.map((text) => context!.measureText(text).width))
}

/** A cell's padding and border, and room for a header's sort mark. */
const CELL_EXTRA = '1.1rem'
const SORT_MARK = '1em'

/** A column's CSS width: as wide as its widest `fit` text and its header, or its set width. */
function columnWidth<Row>(column: Column<Row>, font: Element): string {
  const { meta, header } = column.columnDef
  if (!meta?.fit) return meta?.width ?? DEFAULT_COLUMN_WIDTH
  // Figures are drawn with even-width digits, a little wider than the font's own.
  const content = Math.ceil(widestText(meta.fit, font) * 1.02)
  const title = typeof header === 'string' ? Math.ceil(widestText([header], font, true)) : 0
  return content >= title
    ? `calc(${content}px + ${CELL_EXTRA})`
    : `calc(${title}px + ${SORT_MARK} + ${CELL_EXTRA})`
}
const OVERSCAN = 8
const coreRowModel = getCoreRowModel()

function remPixels(): number {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16
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
  const [scroll] = useState(() => new VirtualScroll())
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null)
  const [rowHeight] = useState(() => Math.round(ROW_HEIGHT_REM * remPixels()))
  const [headerHeight, setHeaderHeight] = useState(rowHeight)
  const queryKey = JSON.stringify([sorting, filters])
  const [active, setActive] = useState({ queryKey, index: 0 })
  const activeIndex = active.queryKey === queryKey ? Math.min(active.index, count - 1) : 0
  const tbody = useRef<HTMLTableSectionElement>(null)
  const focusedRow = useRef<HTMLElement | null>(null)
  const focusPending = useRef(false)

  const attachScroll = useCallback(
    (element: HTMLDivElement | null) => {
      setScrollElement(element)
      if (element) return scroll.attach(element)
    },
    [scroll],
  )
  const observeHeader = useCallback((element: HTMLTableSectionElement | null) => {
    if (!element) return
    const observer = new ResizeObserver(() => setHeaderHeight(element.offsetHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useLayoutEffect(
    () => scroll.setVirtualHeight(headerHeight + count * rowHeight),
    [scroll, headerHeight, count, rowHeight],
  )
  useEffect(() => scroll.scrollTo(0), [scroll, queryKey])

  // TanStack Virtual picks the rows in view from the virtual offset; VirtualScroll maps it to
  // the capped real scroll position.
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    paddingStart: headerHeight,
    overscan: OVERSCAN,
    observeElementOffset: (_instance, notify) => scroll.observe((offset) => notify(offset, false)),
    scrollToFn: (offset) => scroll.scrollTo(offset),
  })

  // Rows are drawn between two spacer rows in a real table; near the ends of a capped scroll
  // the overscan rows fall outside the content and are left out.
  const bodyHeight = scroll.window.realHeight - headerHeight
  const placed = virtualizer
    .getVirtualItems()
    .map((item) => ({
      item,
      top: realPosition(item.start, scroll.virtualOffset, scroll.scrollTop) - headerHeight,
    }))
    .filter(({ top }) => top >= 0 && top + rowHeight <= Math.max(bodyHeight, rowHeight))
  const first = placed[0]?.item.index ?? 0
  const last = placed.at(-1)?.item.index ?? -1
  useEffect(() => pages.want(first, last), [pages, first, last])

  const loaded = placed.flatMap(({ item }) => {
    const row = pages.row(item.index)
    return row === undefined ? [] : [{ index: item.index, row }]
  })
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
  const tableRows = new Map(table.getRowModel().rows.map((row) => [Number(row.id), row]))
  const leafColumns = table.getVisibleLeafColumns()
  const columnCount = leafColumns.length
  // Measured in the table's own font once it is there.
  const widths = useMemo(
    () => leafColumns.map((column) => columnWidth(column, scrollElement ?? document.body)),
    [leafColumns, scrollElement],
  )

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

  const topSpacer = placed[0]?.top ?? 0
  const bottomSpacer = Math.max(0, bodyHeight - topSpacer - placed.length * rowHeight)
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
        <thead ref={observeHeader}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const { column } = header
                const sorted = column.getIsSorted()
                const title = flexRender(column.columnDef.header, header.getContext())
                // One column at a time; the source sorts, so a column needs no accessor.
                const sortBy = (): void =>
                  onSortingChange([
                    {
                      id: column.id,
                      desc: sorted ? sorted === 'asc' : (column.columnDef.sortDescFirst ?? false),
                    },
                  ])
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={column.columnDef.meta?.numeric ? 'numeric' : undefined}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {column.columnDef.enableSorting !== false ? (
                      <button type="button" className="sort" onClick={sortBy}>
                        {title}
                        <span aria-hidden="true" className="sort-mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                    ) : (
                      title
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={tbody}>
          <tr aria-hidden="true" className="spacer" style={{ height: topSpacer }}>
            <td colSpan={columnCount} />
          </tr>
          {placed.map(({ item }) => {
            const row = pages.row(item.index)
            const tableRow = tableRows.get(item.index)
            const isActive = item.index === activeIndex
            return (
              <tr
                key={item.key}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                aria-selected={row === undefined ? undefined : getRowId(row) === openRowId}
                aria-busy={row === undefined || undefined}
                tabIndex={isActive ? 0 : -1}
                className="row"
                style={{ height: rowHeight }}
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
              >
                {tableRow ? (
                  tableRow.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}
                    >
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
          })}
          <tr aria-hidden="true" className="spacer" style={{ height: bottomSpacer }}>
            <td colSpan={columnCount} />
          </tr>
        </tbody>
      </table>
    </div>
  )
}
