import type { Migration } from './migration'

/**
 * Count drafts: what a manager has typed into a session's drawer count and not yet confirmed or
 * discarded, one row per session, so navigating away or a reload loses none of it.
 */
export const v19: Migration = {
  version: 19,
  stores: { countDrafts: 'sessionId' },
}
