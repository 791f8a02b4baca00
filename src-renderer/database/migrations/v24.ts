import type { Transaction } from 'dexie'
import type { Migration } from './migration'
import { firstBankAccount, keyedByAccount, type HeldRow, type LineRow } from './v24-account-matches'

/**
 * Deposit matches and offers keyed by bank account and line ids (docs/deposits.md#accounts): two
 * accounts at one bank may give their lines the same ids. Each match and offer kept by its line
 * ids alone is given the bank account of its lines and an id naming it (./v24-account-matches.ts);
 * a match keeps the key an export posted it under (`deposit:<first line id>`) as its
 * `postingKey`, so an entry already in the books is neither posted again under a new key nor
 * left without its reversal. The stores stay as they were: the id is still the key.
 */
export const v24: Migration = {
  version: 24,
  stores: {},
  upgrade: async (tx: Transaction) => {
    const lines: LineRow[] = await tx.table('statementLines').toArray()
    const carry = keyedByAccount(
      lines,
      firstBankAccount(await tx.table('depositSettings').get('settings')),
    )
    for (const [table, posted] of [
      ['depositMatches', true],
      ['depositOffers', false],
    ] as const) {
      const rows: HeldRow[] = await tx.table(table).toArray()
      const old = rows.filter((row) => row.bankAccountId === undefined)
      await tx.table(table).bulkDelete(old.map((row) => row.id))
      await tx.table(table).bulkPut(old.map((row) => carry(row, posted)))
    }
  },
}
