import type { Transaction } from 'dexie'
import type { Migration } from './migration'
import { firstBankAccount, keyedByAccount, type HeldRow, type LineRow } from './v24-account-matches'

/**
 * Deposit matches and offers keyed by bank account and line ids (docs/deposits.md#accounts): two
 * accounts at one bank may give their lines the same ids. Each match and offer kept by its line
 * ids alone is given the bank account of its lines and an id naming it (./v24-account-matches.ts);
 * a match keeps the key an export posted it under (`deposit:<first line id>`) as its
 * `postingKey`, so an entry already in the books is neither posted again under a new key nor
 * left without its reversal; shared, they go to the books under their new keys (`shareCarried`).
 * The stores stay as they were: the id is still the key.
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
      const carried = old.map((row) => carry(row, posted))
      await tx.table(table).bulkDelete(old.map((row) => row.id))
      await tx.table(table).bulkPut(carried)
      if (posted) await shareCarried(tx, old, carried)
    }
  },
}

/** The shared books' name of a match (shared-books/tables/shared-rows.ts `sharedRef`). */
const matchRef = (key: string) => `depositMatch:${key}`

/**
 * A cache that shares its records with the books sends its matches carried over under their new
 * keys, as new rows, and the deletion of each old key the books hold (what was waiting to be sent
 * under it is sent under the new key instead), so another PC, joining later, pulls matches that
 * name their account. PCs carrying the same rows send the same bodies: the books take the first,
 * and the others find it says the same. The outbox rows as shared-books/tables/shared-outbox.ts
 * `enqueueChange` writes them.
 */
async function shareCarried(
  tx: Transaction,
  old: readonly HeldRow[],
  carried: readonly HeldRow[],
): Promise<void> {
  const joined = (await tx.table('meta').get('shared-books')) as { value?: unknown } | undefined
  if (typeof joined?.value !== 'string' || joined.value === '') return
  const now = Date.now()
  const change = (key: string, baseVersion: number, body: unknown) => ({
    ref: matchRef(key),
    kind: 'depositMatch',
    key,
    baseVersion,
    body,
    deleted: body === null,
    queuedAt: now,
    edits: 1,
  })
  for (const [i, row] of old.entries()) {
    const shared = (await tx.table('sharedVersions').get(matchRef(row.id))) as
      { version: number } | undefined
    await tx.table('sharedOutbox').delete(matchRef(row.id))
    if (shared) await tx.table('sharedOutbox').put(change(row.id, shared.version, null))
    await tx.table('sharedOutbox').put(change(carried[i]!.id, 0, carried[i]))
  }
}
