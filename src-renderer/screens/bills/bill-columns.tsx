import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { locationLabel, type LocationNames } from '../../cache/location-names'
import type { CachedBill } from '../../cache/records'
import { formatMoney } from '../../format/money'
import { formatDateTime } from '../../format/time'
import type { BillSortColumn } from './bill-filters'
import { PAYMENT_STATE_LABELS, TYPE_LABELS } from './bill-labels'

const column = createColumnHelper<CachedBill>()

/** The Bills table's columns; each id is the order the query planner sorts by. */
export function billColumns(timeZone: string, names: LocationNames): Array<ColumnDef<CachedBill>> {
  const money = (id: BillSortColumn, header: string, amount: (bill: CachedBill) => number) =>
    column.display({
      id,
      header,
      cell: ({ row }) => formatMoney(amount(row.original), row.original.currency),
      meta: { numeric: true, width: '8rem' },
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
      meta: { width: '12rem' },
    }),
    column.display({
      id: 'type' satisfies BillSortColumn,
      header: 'Type',
      cell: ({ row }) => TYPE_LABELS[row.original.type],
      meta: { width: '5rem' },
    }),
    column.display({
      id: 'location' satisfies BillSortColumn,
      header: 'Location',
      cell: ({ row }) => locationLabel(row.original.locationId, names),
      meta: { width: '6rem' },
    }),
    column.display({
      id: 'session' satisfies BillSortColumn,
      header: 'Session',
      cell: ({ row }) => row.original.registerSessionId ?? '—',
      meta: { width: '7rem' },
    }),
    money('total', 'Total', (bill) => bill.total),
    money('paid', 'Paid', (bill) => bill.amountPaid),
    money('due', 'Due', (bill) => bill.amountDue),
    column.display({
      id: 'state' satisfies BillSortColumn,
      header: 'State',
      cell: ({ row }) => PAYMENT_STATE_LABELS[row.original.paymentState],
      meta: { width: '6.5rem' },
    }),
  ]
}
