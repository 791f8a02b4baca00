import { postingHash, type LoggedEntry, type PostedState } from '../../exports/rules/export-log'
import type { Migration } from './migration'

/**
 * The bookkeeper's account mapping and the roles met that it may not cover. The posting hash no
 * longer covers accounts (a remap never re-posts, see export-log.ts), so the hashes logged before
 * are computed again.
 */
export const v08: Migration = {
  version: 8,
  stores: { accountMapping: 'id', accountRoles: 'key' },
  upgrade: async (tx) => {
    const rehash = (row: PostedState | LoggedEntry): void => {
      row.hash = postingHash(row.entry)
    }
    await tx.table('postings').toCollection().modify(rehash)
    await tx.table('exportLog').toCollection().modify(rehash)
  },
}
