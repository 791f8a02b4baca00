import { expect } from 'vitest'
import type { TillDatabase } from '../../../src-renderer/database/database'
import { ownRecordRows } from '../../../src-renderer/backup/tables/own-record-tables'
import type { SharedBooksLink } from '../../../src-renderer/shared-books/jobs/shared-books-link'
import {
  chooseVersion,
  setAsideRows,
  sharedConflicts,
} from '../../../src-renderer/shared-books/tables/shared-apply'
import { SHARED_KINDS } from '../../../src-renderer/shared-books/tables/shared-rows'

/** How PCs on shared books are brought in step at the end of a run, and what they then hold. */

/** What a PC does that may be refused (a float given already, the books unreached) is noted. */
export async function attempt(work: () => Promise<unknown>, failures: string[]): Promise<boolean> {
  try {
    await work()
    return true
  } catch (error) {
    failures.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error))
    return false
  }
}

/** Syncs, trying again as the link's timer would when a lost answer still armed hits a call. */
export async function syncAgain(link: SharedBooksLink, tries = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await link.syncNow()
    } catch (error) {
      if (attempt >= tries) throw error
    }
  }
}

/** Every PC pushes what waits and pulls to the head, twice over (a push can follow a pull). */
export async function everyonePulls(pcs: readonly { link: SharedBooksLink }[]): Promise<void> {
  for (let round = 0; round < 2; round++) for (const one of pcs) await syncAgain(one.link)
}

/**
 * Two PCs that changed one record differently keep both versions for a person (never last
 * writer wins): each says something else than this PC's, not the same saved at another moment.
 * The person takes the books', as the other PCs already show. The kinds met are returned.
 */
export async function settleConflicts(
  pcs: readonly { db: TillDatabase; link: SharedBooksLink }[],
): Promise<string[]> {
  const kinds: string[] = []
  for (const one of pcs) {
    for (const conflict of await sharedConflicts(one.db)) {
      kinds.push(conflict.kind)
      const unsaved = (body: unknown) => ({ ...(body as object), savedAt: undefined })
      expect(unsaved(conflict.theirs.body)).not.toEqual(unsaved(conflict.mine))
      await chooseVersion(one.db, conflict.ref, 'theirs')
    }
  }
  await everyonePulls(pcs)
  return kinds
}

/** The records shared books carry, as one PC holds them, and its export log (pages by place). */
export async function sharedRecords(db: TillDatabase): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {}
  for (const table of [...Object.values(SHARED_KINDS), 'exportBatches', 'logPages'] as const) {
    const rows: unknown[] = []
    for await (const page of ownRecordRows(db, table, 100)) rows.push(...page)
    tables[table] = rows.map((row) =>
      table === 'logPages' ? { ...(row as object), seq: undefined } : row,
    )
  }
  return tables
}

/**
 * What a PC shows beyond its records: each row kept aside (a movement beside its rival, which
 * stands), the conflicts left, and each session's status.
 */
export async function standingState(db: TillDatabase): Promise<unknown> {
  const aside = (await setAsideRows(db)).map((row) => ({
    ref: row.ref,
    rival: (row.held?.rival as { id?: string } | null | undefined)?.id ?? null,
    held: row.held !== undefined,
  }))
  const sessions = (await db.sessions.toArray())
    .map((s) => [s.id, s.status])
    .sort(([a], [b]) => a!.localeCompare(b!))
  return {
    records: await sharedRecords(db),
    aside,
    conflicts: (await sharedConflicts(db)).map((c) => c.ref),
    sessions,
  }
}
