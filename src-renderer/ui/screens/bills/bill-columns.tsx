import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { locationLabel, type LocationNames } from '../../../format/location-label'
import type { CachedBill } from '../../../database/cached-records'
import { formatMoney } from '../../../format/format-money'
import { formatDateTime, widestMoments } from '../../../format/time'
import type { SessionNames } from '../sessions/session-names'
import type { BillSortColumn } from '../../../sessions'
import { BILL_STATE_WORDS, billStateLabel, signedAmount, TYPE_LABELS } from './bill-labels'

const column = createColumnHelper<CachedBill>()

/**
 * The Bills table's columns; each id is the order the query planner sorts by. Amounts, times and
 * session names are sized to show whole: amounts to the largest bill going out (`widestAmount`).
 */
export function billColumns(
  timeZone: string,
  sessionName: SessionNames,
  widestAmount: string,
  names: LocationNames,
): Array<ColumnDef<CachedBill>> {
  const money = (id: BillSortColumn, header: string, amount: (bill: CachedBill) => number) =>
    column.display({
      id,
      header,
      cell: ({ row }) =>
        formatMoney(signedAmount(row.original, amount(row.original)), row.original.currency),
      meta: { numeric: true, fit: [widestAmount] },
    })
  return [
    column.display({
      id: 'number' satisfies BillSortColumn,
      header: 'Number',
      cell: ({ row }) => row.original.number,
      meta: { width: '7.5rem' },
    }),
    column.display({
      id: 'time' satisfies BillSortColumn,
      header: `Time (${timeZone})`,
      cell: ({ row }) => formatDateTime(row.original.createdAt, timeZone),
      sortDescFirst: true,
      meta: { fit: widestMoments(timeZone) },
    }),
    column.display({
      id: 'type' satisfies BillSortColumn,
      header: 'Type',
      cell: ({ row }) => TYPE_LABELS[row.original.type],
      meta: { fit: Object.values(TYPE_LABELS) },
    }),
    column.display({
      id: 'location' satisfies BillSortColumn,
      header: 'Location',
      cell: ({ row }) => locationLabel(row.original.locationId, names),
      meta: { width: '6rem' },
    }),
    column.display({
      id: 'session' satisfies BillSortColumn,
      header: 'Session hours',
      cell: ({ row }) => {
        const id = row.original.registerSessionId
        return id === null ? '—' : sessionName(id)
      },
      meta: { fit: sessionName.all },
    }),
    money('total', 'Total', (bill) => bill.total),
    money('paid', 'Paid', (bill) => bill.amountPaid),
    money('due', 'Due', (bill) => bill.amountDue),
    column.display({
      id: 'state' satisfies BillSortColumn,
      header: 'State',
      cell: ({ row }) => billStateLabel(row.original),
      meta: { fit: BILL_STATE_WORDS },
    }),
  ]
}
