import type { Migration } from './migration'

/**
 * Deposits (docs/deposits.md): bank statement lines kept per bank account under the file's own
 * line id, the matches of lines to expected deposits (made by Till, by hand, or unmatched), the
 * offers a person has to decide, and the deposit settings with each account's CSV columns.
 */
export const v21: Migration = {
  version: 21,
  stores: {
    statementLines: '[bankAccountId+id], bankAccountId, date',
    depositMatches: 'id, state',
    depositOffers: 'id',
    depositSettings: 'key',
  },
}
