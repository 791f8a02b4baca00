import { TillDatabase } from '../../../src-renderer/cache/database'
import type { BillCountsState } from '../../../src-renderer/cache/records'

/**
 * A seeded cache made to look like one an earlier Till left, from before cache version 14: no
 * session has a tally (cache/tallies.ts fills those it finds without), no day has counts, and no
 * 'bill-counts' row, as the upgrade to version 15 leaves it (only a new cache gets one, saying
 * its counts were kept from the start), so cache/bill-counts.ts counts every bill once.
 */
export async function forgetTalliesAndCounts(databaseName: string): Promise<void> {
  const db = new TillDatabase(databaseName)
  try {
    await db.transaction('rw', [db.sessionTallies, db.billCounts, db.meta], () =>
      Promise.all([
        db.sessionTallies.clear(),
        db.billCounts.clear(),
        db.meta.delete('bill-counts'),
      ]),
    )
  } finally {
    db.close()
  }
}

export interface UpgradeState {
  sessions: number
  tallies: number
  countsComplete: boolean
}

/** What the fills have left: every session tallied and every bill counted, once they are done. */
export async function upgradeState(databaseName: string): Promise<UpgradeState> {
  const db = new TillDatabase(databaseName)
  try {
    const [sessions, tallies, counts] = await Promise.all([
      db.sessions.count(),
      db.sessionTallies.count(),
      db.meta.get('bill-counts'),
    ])
    const state = counts && (JSON.parse(String(counts.value)) as BillCountsState)
    return { sessions, tallies, countsComplete: state ? state.complete : false }
  } finally {
    db.close()
  }
}
