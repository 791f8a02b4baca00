import type { SharedRow } from '../../../src-shared/bridge/schemas/shared-books'
import { hasCompoundKey, ownRecordKey } from '../../backup/tables/own-records'
import { isOwnRecordKey, type OwnRecordTable } from '../../backup/tables/own-record-rows'

/**
 * Till's own records as the shared books carry them (docs/shared-books.md): each kind of shared
 * row is one table of the records a backup holds (../../backup/tables/own-records.ts), its key that table's key.
 * The export log goes up whole per batch (its pages with it) through the books' compare-and-append,
 * not as a row of its own table.
 */

/** The kinds of row the shared books carry, with the table each one is. */
export const SHARED_KINDS = {
  destination: 'destinations',
  mapping: 'accountMapping',
  subAccount: 'accountRoles',
  locationName: 'locationNames',
  reconciliation: 'reconciliations',
  cashMovement: 'cashMovements',
  statementLine: 'statementLines',
  depositMatch: 'depositMatches',
  depositSetting: 'depositSettings',
} as const satisfies Record<string, OwnRecordTable>

export type SharedKind = keyof typeof SHARED_KINDS

/** A committed export: its batch and the log pages that hold its entries. */
export const EXPORT_BATCH_KIND = 'exportBatch'

export function isSharedKind(kind: string): kind is SharedKind {
  return Object.hasOwn(SHARED_KINDS, kind)
}

/** The key of a row of `kind`, as the books name it. */
export function sharedKeyOf(kind: SharedKind, row: unknown): string {
  const key = ownRecordKey(SHARED_KINDS[kind], row)
  return Array.isArray(key) ? key.join('|') : String(key)
}

/**
 * The cache keys a key of the books names, the other way from `sharedKeyOf`: the key itself, or
 * for a compound key each cut at a `|` into two fields a row can have (an id may hold a `|` of
 * its own, and every record the key names is meant). Empty when it names no record of its kind.
 */
export function storedKeysOf(kind: SharedKind, key: string): (string | string[])[] {
  const table = SHARED_KINDS[kind]
  if (!hasCompoundKey(table)) return isOwnRecordKey(table, key) ? [key] : []
  return [...key.matchAll(/\|/g)]
    .map(({ index }) => [key.slice(0, index), key.slice(index + 1)])
    .filter((fields) => isOwnRecordKey(table, fields))
}

/** How the cache names one shared record: its kind and key. */
export function sharedRef(kind: string, key: string): string {
  return `${kind}:${key}`
}

/** A change to one shared record waiting to be sent, the newest body for its record. */
export interface OutboxChange {
  ref: string
  kind: SharedKind
  key: string
  /** The shared version the change was made from; 0 for a record the books do not hold yet. */
  baseVersion: number
  body: unknown
  deleted: boolean
  queuedAt: number
  /** Raised by each later write of the record, so a send settles only the body it sent. */
  edits: number
}

/** The shared version of one record as this PC last applied or sent it. */
export interface SharedVersion {
  ref: string
  version: number
  /** The books' change number of that version, and the PC that wrote it, once known. */
  change?: number
  by?: string
}

/** A row as the books hand it out (the `sharedBooks.pull` answer). */
export type PulledRow = SharedRow

/**
 * A change made here that met another PC's change of the same record on the books (two counts of
 * a session, two names of a location…): both stand until a person chooses one.
 */
export interface SharedConflict {
  ref: string
  kind: SharedKind
  key: string
  /** This PC's record; null when this PC deleted it. */
  mine: unknown
  /** The books' record, its version and who wrote it. */
  theirs: PulledRow
}

/** A pulled row that did not validate, kept aside under Problems; the others applied. */
export interface SetAsideRow {
  ref: string
  kind: string
  key: string
  change: number
  by: string
  reason: string
  raw: unknown
  seenAt: number
  /**
   * Set aside for what this store holds, not for its form, and reconsidered as the store changes:
   * a cash movement another PC's rival stands in place of (`rival`; null while it waits for the
   * movement it corrects), or a row that waits for what the store does not hold yet (`waits`).
   */
  held?: { rival?: unknown; waits?: PulledRow }
}
