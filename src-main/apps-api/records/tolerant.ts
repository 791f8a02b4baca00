import { z } from 'zod'
import { currencyExponent, MoneyError, toMinorUnits } from '../../../src-shared/domain/money'
import { recordIdProblem } from '../../../src-shared/domain/record-id'

/** Pieces of the tolerant schemas: what docs/service.md#tolerant-reading says Till accepts. */

/** Refuses an id that would change a request path (a dot-segment) or holds a control character. */
function usableId<T extends string | null>(id: T, ctx: z.RefinementCtx): T {
  const problem = id === null ? null : recordIdProblem(id)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
  return id
}

export const idText = z
  .union([z.string().min(1), z.number()])
  .transform((v, ctx) => usableId(String(v), ctx))
export const optionalIdText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) =>
    usableId(v === null || v === undefined || v === '' ? null : String(v), ctx),
  )

export const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? null : String(v)))

/** A JSON number or numeric text, kept as given until the currency is known. */
export const rawAmount = z.union([
  z.number().finite(),
  z.string().regex(/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/),
])
export type RawAmount = z.infer<typeof rawAmount>

/** A time as Till keeps it: epoch milliseconds, and the text the service sent (or one made). */
export interface ServiceTime {
  ms: number
  text: string
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i

/** ISO 8601 text with an offset or Z read as a time, or why it is not one. */
export function isoTime(value: string): ServiceTime | string {
  if (!ISO_WITH_OFFSET.test(value.trim()))
    return `“${value}” is not an ISO 8601 time with an offset`
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) return `“${value}” is not a valid time`
  return { ms, text: value.trim() }
}

/** ISO 8601 with an offset or Z, or unix seconds; to epoch milliseconds plus the original text. */
export const timestamp = z.union([z.string(), z.number()]).transform((value, ctx) => {
  if (typeof value === 'number') {
    const ms = Math.round(value * 1000)
    // Beyond ±8.64e15 ms a Date is invalid and toISOString would throw out of the schema.
    if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) {
      ctx.addIssue({ code: 'custom', message: `${value} is not a time` })
      return z.NEVER
    }
    return { ms, text: new Date(ms).toISOString() }
  }
  const time = isoTime(value)
  if (typeof time === 'string') {
    ctx.addIssue({ code: 'custom', message: time })
    return z.NEVER
  }
  return time
})

/** An array that may be missing or null: then empty. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v) => v ?? [])
}

/** Converts a raw amount to minor units, or records why not on the zod context. */
export function minorOrIssue(
  value: RawAmount,
  exponent: number,
  ctx: z.RefinementCtx,
  path: (string | number)[],
  magnitude = false,
): number {
  try {
    const minor = toMinorUnits(value, exponent)
    return magnitude ? Math.abs(minor) : minor
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: error instanceof MoneyError ? error.message : String(error),
    })
    return 0
  }
}

/**
 * Keeps the fields of a record that a schema does not name. A `__proto__` field (JSON.parse
 * makes it an own field) is dropped, as zod drops it: assigned, it would set the prototype.
 */
export function extraFields(
  record: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> {
  const extra: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record))
    if (!known.includes(key) && key !== '__proto__') extra[key] = value
  return extra
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`)
    .join('; ')
}

/** The record's currency (or the merchant's) and its exponent, or an issue on `currency`. */
export function currencyOrIssue(
  currency: string | null | undefined,
  ctx: z.RefinementCtx,
): { currency: string; exponent: number } | null {
  const code = (currency ?? '').toUpperCase()
  try {
    return { currency: code, exponent: currencyExponent(code) }
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      path: ['currency'],
      message: error instanceof MoneyError ? error.message : 'no currency',
    })
    return null
  }
}
