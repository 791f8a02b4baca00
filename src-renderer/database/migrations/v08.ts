import type { Migration } from './migration'
import { postingHash, type HashedEntry } from './v08-posting-hash'

/**
 * The bookkeeper's account mapping and the roles met that it may not cover. The posting hash no
 * longer covers accounts (a remap never re-posts, see exports/rules/export-log.ts), so the hashes logged before
 * are computed again.
 */
export const v08: Migration = {
  version: 8,
  stores: { accountMapping: 'id', accountRoles: 'key' },
  upgrade: async (tx) => {
    const rehash = (row: { hash: string; entry: HashedEntry }): void => {
      row.hash = postingHash(row.entry)
    }
    await tx.table('postings').toCollection().modify(rehash)
    await tx.table('exportLog').toCollection().modify(rehash)
  },
}
