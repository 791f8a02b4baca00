import { upgradeToDestinations } from './v12-destinations'
import type { Migration } from './migration'

/**
 * The export log per destination (../../exports/tables/destinations.ts): posting states and logged entries keyed by
 * destination, and the destinations. Entries already logged belong to the destination of the
 * format they were written in (./v12-destinations.ts).
 */
export const v12: Migration = {
  version: 12,
  stores: {
    destinations: 'id',
    postedStates: '[destinationId+key]',
    loggedEntries: '[destinationId+entryId], [destinationId+key], [batchId+position]',
    postings: null,
    exportLog: null,
  },
  upgrade: upgradeToDestinations,
}
