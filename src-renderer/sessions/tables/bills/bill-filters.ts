import type { BillType } from '../../../../src-shared/domain/records'
import type { PaymentState } from '../../../database/cached-records'

/** What the Bills screen narrows the list to. Null (or '') means "any". */
export interface BillFilters {
  /** Created at or after this instant (epoch ms). */
  createdFrom: number | null
  /** Created before this instant (epoch ms, exclusive). */
  createdTo: number | null
  locationId: string | null
  registerSessionId: string | null
  type: BillType | null
  /** A payment method among the bill's payments that are not reversed. */
  method: string | null
  paymentState: PaymentState | null
  /** The start of the bill number, in any case. */
  numberPrefix: string
}

export const ANY_BILL: BillFilters = {
  createdFrom: null,
  createdTo: null,
  locationId: null,
  registerSessionId: null,
  type: null,
  method: null,
  paymentState: null,
  numberPrefix: '',
}

const BILL_SORT_COLUMNS = [
  'number',
  'time',
  'type',
  'location',
  'session',
  'total',
  'paid',
  'due',
  'state',
] as const
export type BillSortColumn = (typeof BILL_SORT_COLUMNS)[number]

/**
 * The list order: by the column, then as IndexedDB orders that column's index (location: then
 * business date; session: then time), then by bill id; descending is the exact reverse. Bills
 * without a session come last when sorting by session, either way, as blanks do in a sheet.
 */
export interface BillSort {
  column: BillSortColumn
  desc: boolean
}

export function isBillSortColumn(id: string): id is BillSortColumn {
  return (BILL_SORT_COLUMNS as readonly string[]).includes(id)
}
