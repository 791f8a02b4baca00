import type { TillDatabase } from '../../src-renderer/database/database'
import { fillSavedBills } from '../../src-renderer/sessions/tables/saved-bills-fill'

/**
 * Adds up the saved bills (`pageSize` a page where given), stopped once `stopAt` bills are done
 * (to the end unless told); the progress it reported, each as [done, total].
 */
export async function fillWithProgress(
  db: TillDatabase,
  timeZone: string,
  { pageSize, stopAt }: { pageSize?: number; stopAt?: number } = {},
): Promise<[number, number][]> {
  const stop = new AbortController()
  const seen: [number, number][] = []
  await fillSavedBills(
    db,
    timeZone,
    (done, total) => {
      seen.push([done, total])
      if (done === stopAt) stop.abort()
    },
    { signal: stop.signal, pageSize },
  )
  return seen
}

/** Adds up the saved bills `pageSize` a page, stopping after `pages` pages (all unless told). */
export async function fillPages(
  db: TillDatabase,
  timeZone: string,
  pageSize: number,
  pages = Infinity,
): Promise<void> {
  const stop = new AbortController()
  let read = 0
  await fillSavedBills(
    db,
    timeZone,
    () => {
      if (read++ === pages) stop.abort()
    },
    { signal: stop.signal, pageSize },
  )
}
