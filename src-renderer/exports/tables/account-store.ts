import type { TillDatabase } from '../../database/database'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'
import { roleKey, type RoleKey, type SubAccountCodes } from '../rules/accounts'
import type { MappingId, SavedAccountMapping } from './export-rows'

/**
 * The accounts side of the cache: the bookkeeper's saved mappings (`accountMapping`), and the
 * roles met (`accountRoles`) with the sub-account codes the default chart gave taxes and expense
 * categories (see `SubAccountCodes`).
 */

export function readSavedMapping(
  db: TillDatabase,
  id: MappingId,
): Promise<SavedAccountMapping | undefined> {
  return db.accountMapping.get(id)
}

export async function storeMapping(db: TillDatabase, mapping: SavedAccountMapping): Promise<void> {
  await db.transaction('rw', [db.accountMapping, ...outboxTables(db)], async () => {
    await db.accountMapping.put(mapping)
    await enqueueRow(db, 'mapping', mapping)
  })
}

export async function readSubAccountCodes(db: TillDatabase): Promise<SubAccountCodes> {
  const codes: Record<RoleKey, string> = {}
  for (const row of await db.accountRoles.toArray()) if (row.code) codes[row.key] = row.code
  return codes
}

/**
 * Keeps the sub-account codes a resolver gave: a role keeps the first code it was given, and a
 * code already another role's is not given twice.
 */
export async function rememberSubAccountCodes(
  db: TillDatabase,
  codes: SubAccountCodes,
): Promise<void> {
  await db.transaction('rw', [db.accountRoles, ...outboxTables(db)], async () => {
    const kept = await readSubAccountCodes(db)
    const taken = new Set(Object.values(kept))
    const fresh = Object.entries(codes).filter(
      ([key, code]) => kept[key] === undefined && !taken.has(code),
    )
    const rows = fresh.map(([key, code]) => ({ key, code }))
    await db.accountRoles.bulkPut(rows)
    for (const row of rows) await enqueueRow(db, 'subAccount', row)
  })
}

/** The roles an export's range check met before. */
async function rolesMet(db: TillDatabase): Promise<RoleKey[]> {
  return db.accountRoles.toCollection().primaryKeys()
}

/** Adds the roles not met before; those already kept keep their codes. */
export async function rememberRolesMet(db: TillDatabase, met: Iterable<RoleKey>): Promise<void> {
  await db.transaction('rw', db.accountRoles, async () => {
    const known = new Set(await db.accountRoles.toCollection().primaryKeys())
    await db.accountRoles.bulkAdd([...met].filter((key) => !known.has(key)).map((key) => ({ key })))
  })
}

/** How many of the newest bills Settings reads for tax names (taxes have no index). */
const RECENT_BILLS_FOR_TAXES = 5_000

/**
 * The roles named after the shop's own data that the cache shows: payment methods of bills (from
 * their index) and of expenses, expense categories, the taxes of the newest bills, and whatever
 * an export's range check met before.
 */
export async function roleKeysInCache(db: TillDatabase): Promise<Set<RoleKey>> {
  const keys = new Set<RoleKey>()
  for (const method of await db.bills.orderBy('methods').uniqueKeys())
    keys.add(roleKey({ type: 'clearing', method: String(method) }))
  await db.expenses.each((expense) => {
    keys.add(roleKey({ type: 'clearing', method: expense.paymentMethod }))
    keys.add(roleKey({ type: 'expense', category: expense.category }))
  })
  await db.bills
    .orderBy('createdAt')
    .reverse()
    .limit(RECENT_BILLS_FOR_TAXES)
    .each((bill) => {
      for (const tax of bill.taxes) keys.add(roleKey({ type: 'tax-payable', tax: tax.name }))
    })
  for (const key of await rolesMet(db)) keys.add(key)
  return keys
}
