import type { Migration } from './migration'

/**
 * The export log: what the books hold per posting key, every entry each batch wrote, and the
 * batches, so re-exports add only what is new.
 */
export const v05: Migration = {
  version: 5,
  stores: {
    postings: 'key',
    exportLog: 'entryId, key, batchId',
    exportBatches: 'id, createdAt',
  },
}
