import type { Migration } from './migration'

/**
 * The export log loses its index on the batch alone. Every index is one more write per logged
 * entry, and Chromium's IndexedDB spends more on each write than the export spends making the
 * entry; a batch's entries are found through [batchId+position] instead.
 */
export const v10: Migration = {
  version: 10,
  stores: { exportLog: 'entryId, key, [batchId+position]' },
}
