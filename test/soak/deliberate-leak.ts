import type { Page } from '@playwright/test'

/**
 * A leak put in on purpose, to prove the soak's renderer heap bound catches one: with
 * `TILL_SOAK_LEAK=announcements` the page keeps about 2 KB for every write the cache announces
 * (Dexie's storage-mutated event), as an app that held on to its change notifications would.
 */

const HELD = '__tillSoakHeldAnnouncements'
/** Dexie 4's DOM event for each committed write it announces. */
const ANNOUNCEMENT_EVENT = 'x-storagemutated-1'
const BYTES_PER_ANNOUNCEMENT = 2048

export const LEAK_ANNOUNCEMENTS = process.env.TILL_SOAK_LEAK === 'announcements'

export async function holdEveryAnnouncement(page: Page): Promise<void> {
  await page.addInitScript(
    ({ held, event, bytes }) => {
      const kept: unknown[] = []
      ;(globalThis as Record<string, unknown>)[held] = kept
      addEventListener(event, (announced) => {
        // Small integers, 4 bytes each on V8's heap (pointer compression).
        kept.push({ announced, kept: new Array<number>(bytes / 4).fill(kept.length) })
      })
    },
    { held: HELD, event: ANNOUNCEMENT_EVENT, bytes: BYTES_PER_ANNOUNCEMENT },
  )
}

/** How many announcements the page has held so far (one page load's worth). */
export function heldAnnouncements(page: Page): Promise<number> {
  return page.evaluate(
    (held) => ((globalThis as Record<string, unknown>)[held] as unknown[] | undefined)?.length ?? 0,
    HELD,
  )
}
