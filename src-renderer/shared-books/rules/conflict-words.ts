import { locationLabel, NO_LOCATION_NAMES } from '../../format/location-label'

/**
 * Two versions of one shared record put in words for a person to choose between
 * (docs/shared-books.md#conflicts): what kind of record it is, and each field that differs with
 * this PC's value beside the books'.
 */

const KIND_NAMES: Record<string, string> = {
  destination: 'Export destination',
  mapping: 'Account mapping',
  subAccount: 'Sub-account code',
  locationName: 'Location name',
  reconciliation: 'Count',
  cashMovement: 'Cash movement',
}

/** What a person calls a kind of shared record. */
function sharedKindName(kind: string): string {
  return KIND_NAMES[kind] ?? kind
}

/**
 * Which record a conflict is about, as a person knows it: a destination by its name, a location
 * as the screens label it (its name is what differs), anything else by its kind and key.
 */
export function conflictRecordLabel(
  kind: string,
  key: string,
  mine: unknown,
  theirs: unknown,
): string {
  if (kind === 'locationName') return locationLabel(key, NO_LOCATION_NAMES)
  const named = [theirs, mine].find(
    (body): body is { name: string } =>
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { name?: unknown }).name === 'string',
  )
  if (kind === 'destination' && named) return `Export destination “${named.name}”`
  return `${sharedKindName(kind)} ${key}`
}

/** One field as the two versions hold it, each in words. */
export interface FieldDifference {
  field: string
  mine: string
  theirs: string
}

/** A value in words: text quoted, nothing as "none", a list or object as written. */
function valueWords(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'none'
  if (typeof value === 'string') return `“${value}”`
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** "accountCode" → "account code". */
function fieldWords(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
}

/**
 * The fields whose values differ between this PC's version and the books', in field order; a
 * version deleted on one side (null) differs as a whole, said as "deleted".
 */
export function versionDifferences(mine: unknown, theirs: unknown): FieldDifference[] {
  if (mine === null || theirs === null || typeof mine !== 'object' || typeof theirs !== 'object')
    return [
      {
        field: 'record',
        mine: mine === null ? 'deleted' : valueWords(mine),
        theirs: theirs === null ? 'deleted' : valueWords(theirs),
      },
    ]
  const a = mine as Record<string, unknown>
  const b = theirs as Record<string, unknown>
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])]
  return fields
    .filter((field) => valueWords(a[field]) !== valueWords(b[field]))
    .map((field) => ({
      field: fieldWords(field),
      mine: valueWords(a[field]),
      theirs: valueWords(b[field]),
    }))
}
