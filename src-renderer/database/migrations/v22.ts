import type { Migration } from './migration'

/**
 * Shared books (docs/shared-books.md): the changes to Till's own records waiting to be sent, the
 * shared version of each record this PC holds, the counts made here that another PC's count of
 * the same session met, and rows pulled from the books that did not validate, set aside.
 * (Version 21 is another change's; Dexie takes the versions with a gap.)
 */
export const v22: Migration = {
  version: 22,
  stores: {
    sharedOutbox: 'ref, queuedAt',
    sharedVersions: 'ref',
    sharedConflicts: 'ref',
    sharedSetAside: 'ref',
  },
}
