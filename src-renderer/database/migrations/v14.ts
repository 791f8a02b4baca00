import type { Migration } from './migration'

/**
 * Each session's figures kept as running sums by the writes (../../sessions/tables/session-tally-store.ts). A session written
 * before has none until the next write to it or the fill after opening.
 */
export const v14: Migration = { version: 14, stores: { sessionTallies: 'sessionId' } }
