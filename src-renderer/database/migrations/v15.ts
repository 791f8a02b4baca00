import type { Migration } from './migration'

/**
 * The Bills screen's counts per business day, kept by the writes (../../sessions/tables/bill-count-store.ts); a cache
 * from before is counted once after it opens.
 */
export const v15: Migration = { version: 15, stores: { billCounts: 'businessDate' } }
