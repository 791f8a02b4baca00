import type { SortingState } from '@tanstack/react-table'
import type { RowSource } from '../../components/data-table/row-source'
import type { TillDatabase } from '../../../database/database'
import type { CachedBill } from '../../../database/cached-records'
import { isBillSortColumn, type BillFilters, type BillSort } from '../../../sessions'
import { BillQueries } from '../../../sessions'

export const NEWEST_FIRST: SortingState = [{ id: 'time', desc: true }]

function billSort(sorting: SortingState): BillSort {
  const [first] = sorting
  return first && isBillSortColumn(first.id)
    ? { column: first.id, desc: first.desc }
    : { column: 'time', desc: true }
}

/** The Bills table's rows, from the cache as it is now. */
export function billRowSource(
  db: TillDatabase,
  timeZone: string,
): RowSource<CachedBill, BillFilters> {
  const queries = new BillQueries(db, { timeZone })
  return {
    rows: (offset, limit, sorting, filters) =>
      queries.page(filters, billSort(sorting), offset, limit),
    count: (filters) => queries.count(filters),
  }
}
