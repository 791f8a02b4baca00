import type { Migration } from './migration'
import { LOG_PAGES_SCHEMA, upgradeToLogPages } from './v16-log-pages'

/**
 * The export log as pages (../../exports/tables/log-pages.ts), one record per page of entries with the states it
 * set, in place of two records per entry; the rows logged before are carried over into pages
 * (./v16-log-pages.ts).
 */
export const v16: Migration = {
  version: 16,
  stores: {
    logPages: LOG_PAGES_SCHEMA,
    loggedEntries: null,
    postedStates: null,
    replacedPostings: null,
  },
  upgrade: (tx, onUpgrade) =>
    upgradeToLogPages(tx, (done, total) => onUpgrade?.(done, total, 'export-log')),
}
