/**
 * The query of a list call: `page`, `limit`, `order_by` and the `q_` filters a resource
 * accepts. Anything malformed is a 422 naming the parameter; an unknown `q_` filter is too,
 * so that a client's typo never silently widens a result.
 */

import { InvalidQueryError } from './demo-errors'
import type { MerchantTimeZone } from './time-zone'

const DEFAULT_LIMIT = 20
const MAX_LIMIT = 200

const ORDER_FIELDS = ['id', 'created_at', 'updated_at'] as const
type OrderField = (typeof ORDER_FIELDS)[number]

export type FilterSpec =
  { kind: 'instant' } | { kind: 'text' } | { kind: 'choice'; values: readonly string[] }

type Filters<S extends Record<string, FilterSpec>> = {
  -readonly [K in keyof S]?: S[K] extends { kind: 'instant' } ? number : string
}

export interface ListQuery<S extends Record<string, FilterSpec>> {
  page: number
  limit: number
  order: { field: OrderField; descending: boolean }
  /** Instants as unix milliseconds. */
  filters: Filters<S>
}

const POSITIVE_INTEGER = /^[1-9]\d{0,8}$/

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name)
  if (values.length > 1) throw new InvalidQueryError(name, 'given more than once')
  return values[0]
}

function positiveInteger(params: URLSearchParams, name: string, fallback: number): number {
  const text = single(params, name)
  if (text === undefined) return fallback
  if (!POSITIVE_INTEGER.test(text)) {
    throw new InvalidQueryError(name, `expected a whole number from 1, got "${text}"`)
  }
  return Number(text)
}

function parseOrder(params: URLSearchParams): ListQuery<never>['order'] {
  const text = single(params, 'order_by')
  if (text === undefined) return { field: 'id', descending: false }
  const [field, direction, ...rest] = text.split(':')
  if (
    rest.length > 0 ||
    !ORDER_FIELDS.includes(field as OrderField) ||
    (direction !== 'asc' && direction !== 'desc')
  ) {
    throw new InvalidQueryError(
      'order_by',
      `expected field:asc or field:desc with field one of ${ORDER_FIELDS.join(', ')}, got "${text}"`,
    )
  }
  return { field: field as OrderField, descending: direction === 'desc' }
}

function parseFilter(name: string, text: string, spec: FilterSpec, zone: MerchantTimeZone) {
  if (text === '') throw new InvalidQueryError(name, 'must not be empty')
  switch (spec.kind) {
    case 'instant': {
      const instant = zone.parseIso(text)
      if (instant === null) {
        throw new InvalidQueryError(
          name,
          `expected an ISO 8601 date-time such as 2026-11-20T19:05:00+07:00, got "${text}"`,
        )
      }
      return instant
    }
    case 'choice':
      if (!spec.values.includes(text)) {
        throw new InvalidQueryError(
          name,
          `expected one of ${spec.values.join(', ')}, got "${text}"`,
        )
      }
      return text
    case 'text':
      return text
  }
}

export function parseListQuery<S extends Record<string, FilterSpec>>(
  params: URLSearchParams,
  specs: S,
  zone: MerchantTimeZone,
): ListQuery<S> {
  const filters: Record<string, string | number> = {}
  for (const name of new Set(params.keys())) {
    if (!name.startsWith('q_')) continue
    const spec = specs[name]
    if (!spec) {
      const known = Object.keys(specs).join(', ')
      throw new InvalidQueryError(name, `unknown filter; this list accepts ${known}`)
    }
    filters[name] = parseFilter(name, single(params, name) as string, spec, zone)
  }
  return {
    page: positiveInteger(params, 'page', 1),
    limit: Math.min(positiveInteger(params, 'limit', DEFAULT_LIMIT), MAX_LIMIT),
    order: parseOrder(params),
    filters: filters as Filters<S>,
  }
}
