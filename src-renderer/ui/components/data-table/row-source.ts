import type { SortingState } from '@tanstack/react-table'

/**
 * Where a data table's rows come from: the data source sorts, filters and pages (the table is
 * in manual mode), so a list of any length is read a page at a time and never held whole.
 *
 * - `rows` answers the rows at positions [offset, offset + limit) in `sort` order among those
 *   matching `filters` (fewer at the end). The same arguments must give the same rows while the
 *   data does not change.
 * - `count` answers how many rows match `filters`.
 *
 * A source stands for the data as it is: when the data changes, pass a new source object (for
 * example `useMemo(() => makeSource(db), [db, revision])`). The table then refreshes the count
 * and the rows on show, keeping its place; a change of `sort` or `filters` starts from the top.
 */
export interface RowSource<Row, Filters> {
  rows(offset: number, limit: number, sort: SortingState, filters: Filters): Promise<Row[]>
  count(filters: Filters): Promise<number>
}
