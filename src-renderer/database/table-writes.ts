import Dexie, { type ObservabilitySet, type Table } from 'dexie'
import type { TillDatabase } from './database'

/**
 * Word of writes to a few tables, for what follows the cache as long as a connection is open. Not
 * live queries: Dexie's keeps every key written anywhere in the cache until a write touches what
 * it read, so one over tables that rarely change, left open for hours, holds the key of every bill
 * synced meanwhile (docs/architecture.md#following-the-cache). These hold nothing per write.
 */

/** Calls `listener` after each committed write to any of `tables`; returns the unfollow. */
function onTableWrites(tables: readonly Table[], listener: () => void): () => void {
  const parts = new Set(tables.map((table) => `idb://${table.db.name}/${table.name}/`))
  const heard = (mutated: ObservabilitySet): void => {
    if (Object.keys(mutated).some((part) => parts.has(part))) listener()
  }
  Dexie.on.storagemutated.subscribe(heard)
  return () => Dexie.on.storagemutated.unsubscribe(heard)
}

/**
 * What a person changes that deposit matching reads: counts, cash movements, the deposit
 * settings, the locations' names (a bank line's words may name them), bank lines (imported here
 * or pulled from shared books) and matches made or undone by hand. Never a bill: a sync's writes
 * are followed through its rounds.
 */
export const onMatchingInputWrites = (db: TillDatabase, listener: () => void): (() => void) =>
  onTableWrites(
    [
      db.reconciliations,
      db.cashMovements,
      db.depositSettings,
      db.locationNames,
      db.statementLines,
      db.depositMatches,
    ],
    listener,
  )

/** Sessions written: opened, closed, changed. */
export const onSessionWrites = (db: TillDatabase, listener: () => void): (() => void) =>
  onTableWrites([db.sessions], listener)

/** Changes queued for shared books, or settled. */
export const onOutboxWrites = (db: TillDatabase, listener: () => void): (() => void) =>
  onTableWrites([db.sharedOutbox], listener)

/** Shared-books conflicts kept or resolved. */
export const onConflictWrites = (db: TillDatabase, listener: () => void): (() => void) =>
  onTableWrites([db.sharedConflicts], listener)
