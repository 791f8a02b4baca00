import type { Migration } from './migration'

const BILLS_V17 =
  'id, [locationId+businessDate], [type+createdAt], parentBillId, ' +
  '[registerSessionId+createdAt], createdAt, numberKey, total, [paymentState+createdAt], ' +
  '*methods, brokenIdentity, amountPaid, amountDue'
const PAYMENTS_V17 = 'id, registerSessionId'
const EXPENSES_V17 = 'id, registerSessionId, [locationId+expenseDate]'

/*
 * What each bill index costs and earns (version 17; test/bench/index-costs.ts measures it).
 * Writes: in Chromium a put costs per record and per index entry. Bills put 500 to a
 * transaction, fastest of several rounds on a loaded 2-core machine: with version 11's 14
 * indexes (12.67 entries a bill: one each, `*methods` one per method, the sparse ones almost
 * none) 223–288 µs a bill, with version 17's (10.67 entries) 198–278 µs, with none 101–146 µs:
 * 10–11 µs an entry, alike whichever index holds it (one index left out alone moved the time
 * less than the load did). Queries: ms at 100,000 bills through the index / the best other way.
 *
 * | index                         | read by                         | ms with / without | kept?   |
 * |-------------------------------|---------------------------------|-------------------|---------|
 * | updatedAt                     | Exports preview: any change?    | 0.5 / 4,694       | dropped |
 * | registerSessionId             | a session's records (day close, | 21 / 13 through   | dropped |
 * |                               | tallies, exports)               | the next index    |         |
 * | [registerSessionId+createdAt] | Session rows, session filter    | 1.4 / 14          | kept    |
 * | [locationId+businessDate]     | day close, exports, count fill, | 13 / 46 (a day)   | kept    |
 * |                               | location filter and sort        |                   |         |
 * | [type+createdAt]              | Bills type filter and sort      | 1.3 / 149 (voids) | kept    |
 * | [paymentState+createdAt]      | Bills state filter and sort     | 1.4 / 108 (unpaid)| kept    |
 * | *methods                      | Bills method filter and choices,| 2.1 / 8.8 (QRIS,  | kept    |
 * |                               | account roles                   | a quarter)        |         |
 * | createdAt                     | Bills time order and dates, sync| 1.3 / 3,133       | kept    |
 * | numberKey                     | Bills number sort and search    | 1.5 / 3,408       | kept    |
 * | total, amountPaid, amountDue  | Bills sorts (widest total)      | 2–56 / 3,139–3,698| kept    |
 * | parentBillId                  | Bill detail: refunds and voids  | 3.4 / 3,003       | kept    |
 * | brokenIdentity                | Problems screen                 | 0.5 / 2,706       | kept    |
 *
 * Dropped: the update time's one reader needs only to know that something was written, which
 * the writes now say once a transaction (records-written.ts); the plain session index repeats
 * the first half of [registerSessionId+createdAt], which answers every look-up by session
 * (../../sessions/tables/bill-session.ts). Kept: every other index serves a Bills screen sort or filter that would
 * otherwise read every bill (seconds at 100,000), or walk the time index testing each bill,
 * fast only while what is sought is common (QRIS above; a rare method, type or state would
 * walk nearly all of them); the day close might go by creation time, but the exports and the
 * location sort have no other way. parentBillId and brokenIdentity are sparse: a bill without
 * a parent or a broken identity has no entry in them.
 *
 * The Bills screen's counts come from the stored day counts (../../sessions/tables/bill-count-store.ts) and the sessions'
 * figures from their tallies (../../sessions/tables/session-tally-store.ts), so no index is kept for a count alone. Payments lose
 * `billId` (nothing reads it; a bill holds its payments), expenses `updatedAt` (as bills).
 */

/**
 * Fewer index entries a record, each a write the sync pays for every record (the table above):
 * bills lose the session index `[registerSessionId+createdAt]` already answers and the update
 * time, payments the bill index nothing reads, expenses the update time.
 */
export const v17: Migration = {
  version: 17,
  stores: { bills: BILLS_V17, payments: PAYMENTS_V17, expenses: EXPENSES_V17 },
}
