import { expect } from 'vitest'
import type { TillDatabase } from '../../../src-renderer/database/database'
import { addDestination } from '../../../src-renderer/exports/tables/destinations'
import { exportRange } from '../backup/pcs'
import type { PostedState } from '../../../src-renderer/exports/rules/export-log'
import { allLogged, standingStates } from '../exports/log-pages'
import type { PcOnBooks } from './pcs-on-postgres'

/** Exports the day to a destination through the link, as the Export page does, a page a bill. */
export function exportShared({ db, link }: PcOnBooks, destinationId: string): Promise<unknown> {
  return link.runExport(
    () => exportRange(db, { destinationId, sliceSize: 1, sharedCommit: link.exportCommit() }),
    () => undefined,
  )
}

/**
 * What a destination's log holds, by posting key: the hash of each entry standing in its books,
 * leaving out a key whose entry was taken back (a reversal, an entry without lines, stands) and
 * the keys in `left`.
 */
function standingHashes(
  states: ReadonlyMap<string, PostedState>,
  destinationId: string,
  left: ReadonlySet<string>,
): Map<string, string> {
  const prefix = `${destinationId} `
  return new Map(
    [...states]
      .filter(([ref, state]) => ref.startsWith(prefix) && state.entry.lines.length > 0)
      .map(([ref, state]) => [ref.slice(prefix.length), state.hash] as const)
      .filter(([key]) => !left.has(key)),
  )
}

/**
 * Each destination's log as `pc` holds it, once every PC is in step, posts every entry once: no
 * entry id is in two files of a destination, and what stands in its books per posting key is
 * what `fresh`, a PC with the same records, exports of the day alone to a destination of its own
 * (nothing lost, nothing stale). `fresh` is left having exported.
 */
export async function expectPostedOnce(
  pc: TillDatabase,
  fresh: TillDatabase,
  destinationIds: readonly string[],
): Promise<void> {
  const logged = await allLogged(pc)
  const held = await standingStates(pc)
  // A reopened session's exported variance stands until a recount replaces it
  // (docs/ledger.md#variance-entries), while an export alone has no count to post.
  const leftUntilRecount = new Set(
    (await pc.sessions.toArray())
      .filter((s) => s.status !== 'reconciled')
      .map((s) => `session:${s.id}:variance`),
  )
  for (const destinationId of destinationIds) {
    const ids = logged.filter((e) => e.destinationId === destinationId).map((e) => e.entryId)
    expect(ids.length, `entries posted to ${destinationId}`).toBeGreaterThan(0)
    expect(new Set(ids).size, `entries posted twice to ${destinationId}`).toBe(ids.length)
    const alone = await addDestination(fresh, `${destinationId}, checked alone`, 'xero')
    await exportRange(fresh, { destinationId: alone.id, sliceSize: 1 })
    const exportedAlone = standingHashes(await standingStates(fresh), alone.id, new Set())
    expect(exportedAlone.size).toBeGreaterThan(0)
    expect(standingHashes(held, destinationId, leftUntilRecount), `${destinationId}`).toEqual(
      exportedAlone,
    )
  }
}
