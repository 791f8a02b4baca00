import type { Migration } from './migration'

/**
 * Cash movements the manager records per register session (opening float, pay-ins, pay-outs,
 * drops to the safe, and their corrections), Till's own records, listed by session.
 */
export const v20: Migration = {
  version: 20,
  stores: { cashMovements: 'id, sessionId' },
}
