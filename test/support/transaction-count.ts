import type { DBCore, Middleware } from 'dexie'

/** IndexedDB transactions opened so far by the caches that use `countTransactions`. */
let transactions = 0

/** Counts the transactions a cache opens: `db.use` it before the cache opens. */
export const countTransactions: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'CountTransactions',
  create: (down) => ({
    ...down,
    transaction: (...args) => {
      transactions++
      return down.transaction(...args)
    },
  }),
}

/** Transactions opened while `work` runs, by the caches counted (see `countTransactions`). */
export async function transactionsOf(work: () => Promise<unknown>): Promise<number> {
  const before = transactions
  await work()
  return transactions - before
}
