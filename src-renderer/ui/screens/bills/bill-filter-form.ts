import type { BillType } from '../../../../src-shared/domain/records'
import type { PaymentState } from '../../../database/cached-records'
import { ANY_BILL, type BillFilters } from '../../../sessions'
import { nextDate, startOfMerchantDay } from '../../../../src-shared/domain/business-date'

/** The filter fields as typed: '' is "any". */
export interface BillFilterForm {
  from: string
  to: string
  location: string
  session: string
  type: string
  method: string
  state: string
  number: string
}

export const NO_FILTER: BillFilterForm = {
  from: '',
  to: '',
  location: '',
  session: '',
  type: '',
  method: '',
  state: '',
  number: '',
}

/** The form as the query planner takes it: merchant-local dates become instants, `to` included. */
export function filtersFromForm(form: BillFilterForm, timeZone: string): BillFilters {
  const orNull = (value: string): string | null => (value === '' ? null : value)
  return {
    ...ANY_BILL,
    createdFrom: form.from ? startOfMerchantDay(form.from, timeZone) : null,
    createdTo: form.to ? startOfMerchantDay(nextDate(form.to), timeZone) : null,
    locationId: orNull(form.location),
    registerSessionId: orNull(form.session),
    type: orNull(form.type) as BillType | null,
    method: orNull(form.method),
    paymentState: orNull(form.state) as PaymentState | null,
    numberPrefix: form.number,
  }
}
