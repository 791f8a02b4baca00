import type { TillDatabase } from '../../database/database'

/**
 * The business date through which this PC's shop closed its days on paper, before it counted in
 * Till: sessions up to it are not listed to count (Sessions' *Needs counting*, the navigation's
 * count, where Day close opens). Their figures and exports are as any other's. Kept in the
 * cache's `meta`; none while not set.
 */

const KEY = 'paper-closed-through'

/** Read inside a caller's transaction too (it needs `meta`). */
export async function paperClosedThrough(db: TillDatabase): Promise<string | null> {
  const value = (await db.meta.get(KEY))?.value
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null
}

/** Marks the days through `date` closed on paper; null takes the mark away. */
export async function markPaperClosed(db: TillDatabase, date: string | null): Promise<void> {
  if (date === null) await db.meta.delete(KEY)
  else if (/^\d{4}-\d{2}-\d{2}$/.test(date)) await db.meta.put({ key: KEY, value: date })
  else throw new Error(`${date} is not a date (YYYY-MM-DD).`)
}
