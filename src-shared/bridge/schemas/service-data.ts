import { z } from 'zod'
import { bill, billType, expense, quarantinedRecord } from '../../domain/records'
import { recordId } from '../../domain/record-id'
import { profileId } from './connections'

/** Reads from the service's Apps API, carried out by main for the renderer's sync engine. */

const isoTime = z.string().max(40)
const orderBy = z.string().regex(/^(id|created_at|updated_at):(asc|desc)$/)
const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .nullable()

const pageQuery = {
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(500),
  order_by: orderBy.optional(),
  q_created_at_from: isoTime.optional(),
  q_updated_at_from: isoTime.optional(),
}

const billListQuery = z.object({
  ...pageQuery,
  q_register_session_id: z.string().min(1).max(200).optional(),
  q_type: billType.optional(),
  q_created_at_to: isoTime.optional(),
})

const expenseListQuery = z.object({
  ...pageQuery,
  q_location_id: z.string().min(1).max(200).optional(),
})

const pageInfo = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().nullable(),
  lastPage: z.number().int().nullable(),
  hasMore: z.boolean(),
})
export type PageInfo = z.infer<typeof pageInfo>

export const listBillsInput = z.object({
  profileId,
  currency,
  locationId: recordId.optional(),
  query: billListQuery,
})
export const listBillsOutput = z.object({
  bills: z.array(bill),
  quarantined: z.array(quarantinedRecord),
  page: pageInfo,
})

export const getBillsInput = z.object({
  profileId,
  currency,
  ids: z.array(recordId).min(1).max(200),
})
export const getBillsOutput = z.object({
  bills: z.array(bill),
  /** Ids the service answered 404 for. */
  missing: z.array(z.string()),
  quarantined: z.array(quarantinedRecord),
})

export const listExpensesInput = z.object({ profileId, currency, query: expenseListQuery })
export const listExpensesOutput = z.object({
  expenses: z.array(expense),
  quarantined: z.array(quarantinedRecord),
  page: pageInfo,
})
