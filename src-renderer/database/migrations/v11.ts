import type { Migration } from './migration'

const BILLS_V11 =
  'id, updatedAt, registerSessionId, [locationId+businessDate], [type+createdAt], parentBillId, ' +
  '[registerSessionId+createdAt], createdAt, numberKey, total, [paymentState+createdAt], ' +
  '*methods, brokenIdentity, amountPaid, amountDue'

/**
 * Type and payment state indexed with the creation time, so either filter lists its bills in
 * time order straight from its index (the Bills screen's default order): a rare one (unpaid,
 * refunds) no longer reads bill after bill along the time index to fill a page. Same number of
 * indexes, so a bill costs the sync no more to write.
 */
export const v11: Migration = { version: 11, stores: { bills: BILLS_V11 } }
