import type { Migration } from './migration'

/**
 * An export writes its log as it goes, so its memory stays flat: the runs under way, and the
 * posting states each has planned, kept aside until the run commits; a batch's entries in the
 * order written, read a page at a time to write its file again.
 */
export const v07: Migration = {
  version: 7,
  stores: {
    exportLog: 'entryId, key, batchId, [batchId+position]',
    exportRuns: 'id',
    pendingPostings: '[batchId+key], batchId',
  },
}
