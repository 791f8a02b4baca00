import { z } from 'zod'
import type { QuarantinedRecord } from '../../../src-shared/domain/records'
import { excerptOf, recordLimitProblem } from './record-limits'
import { describeIssues } from './tolerant'

const pageMeta = z
  .looseObject({
    page: z.coerce.number().int().optional(),
    current_page: z.coerce.number().int().optional(),
    limit: z.coerce.number().int().optional(),
    per_page: z.coerce.number().int().optional(),
    total: z.coerce.number().int().optional(),
    last_page: z.coerce.number().int().optional(),
  })
  .optional()

const listBody = z.looseObject({ data: z.array(z.unknown()), meta: pageMeta })

export interface PageInfo {
  page: number
  limit: number
  total: number | null
  lastPage: number | null
  /** Whether another page follows: from `last_page`, or a full page when there is no meta. */
  hasMore: boolean
}

export class MalformedListError extends Error {
  override name = 'MalformedListError'
}

/** A quicker reading of a record's plain shape; null hands the record to its schema. */
export type PlainReading<T> = (raw: unknown) => T | null

/**
 * Reads a list body (docs/service.md#tolerant-reading: `meta` with page/limit or
 * current_page/per_page, or none) and validates each item on its own: good items come back parsed,
 * bad ones quarantined.
 */
export function parseListPage<T>(
  body: unknown,
  item: z.ZodType<T>,
  kind: QuarantinedRecord['kind'],
  requested: { page: number; limit: number },
  plain?: PlainReading<T>,
): { records: T[]; quarantined: QuarantinedRecord[]; page: PageInfo } {
  const parsed = listBody.safeParse(body)
  if (!parsed.success)
    throw new MalformedListError(
      `The list answer has no data array (${describeIssues(parsed.error)})`,
    )
  const { data, meta } = parsed.data
  const records: T[] = []
  const quarantined: QuarantinedRecord[] = []
  for (const raw of data) {
    const read = readRecord(raw, item, kind, null, plain)
    if ('record' in read) records.push(read.record)
    else quarantined.push(read.quarantined)
  }
  const page = meta?.page ?? meta?.current_page ?? requested.page
  const limit = meta?.limit ?? meta?.per_page ?? requested.limit
  const lastPage = meta?.last_page ?? null
  return {
    records,
    quarantined,
    page: {
      page,
      limit,
      total: meta?.total ?? null,
      lastPage,
      hasMore: lastPage !== null ? page < lastPage : data.length >= limit,
    },
  }
}

/**
 * One record checked on its own: within the record limits, then by its plain reading if it has
 * one, else against its schema. A record that fails is quarantined with the reason (beyond the
 * limits, only an excerpt is kept).
 */
export function readRecord<T>(
  raw: unknown,
  item: z.ZodType<T>,
  kind: QuarantinedRecord['kind'],
  fallbackId: string | null = null,
  plain?: PlainReading<T>,
): { record: T } | { quarantined: QuarantinedRecord } {
  const id = idOf(raw) ?? fallbackId
  const beyondLimits = recordLimitProblem(raw)
  if (beyondLimits)
    return {
      quarantined: { kind, id, reason: `The record is ${beyondLimits}`, raw: excerptOf(raw) },
    }
  const record = plain?.(raw)
  if (record) return { record }
  const result = item.safeParse(raw)
  return result.success
    ? { record: result.data }
    : { quarantined: { kind, id, reason: describeIssues(result.error), raw } }
}

function idOf(raw: unknown): string | null {
  if (raw && typeof raw === 'object' && 'id' in raw) {
    const id = (raw as { id: unknown }).id
    if (typeof id === 'string' || typeof id === 'number') return String(id).slice(0, 200)
  }
  return null
}
