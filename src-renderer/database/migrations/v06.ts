import type { Migration } from './migration'
import { BILLS_V3 } from './v03'

/** The Bills screen sorts by paid and due from indexes too. */
export const v06: Migration = {
  version: 6,
  stores: { bills: `${BILLS_V3}, brokenIdentity, amountPaid, amountDue` },
}
