import type { Migration } from './migration'

/**
 * An export writes its posting states in place as it goes, keeping aside only the states it
 * replaced, to put back should it not commit (moving every state at the end cost as much as the
 * export itself).
 */
export const v09: Migration = {
  version: 9,
  stores: {
    pendingPostings: null,
    replacedPostings: '[batchId+key], batchId',
  },
}
