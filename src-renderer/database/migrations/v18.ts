import type { Migration } from './migration'

/**
 * Payments gain an index of their reversal time, so an export finds the reversals dated inside
 * its range whatever day their bill is of (docs/ledger.md#entry-dates). It is sparse: a payment
 * never reversed has no entry in it.
 */
export const v18: Migration = {
  version: 18,
  stores: { payments: 'id, registerSessionId, reversedAt' },
}
