import type { TillDatabase } from '../../cache/database'
import type { RoleKey, SubAccountCodes } from '../../domain/journal/accounts'

/**
 * The sub-account codes the default chart gave taxes and expense categories (see
 * `SubAccountCodes`), kept in the cache beside the roles met (`accountRoles`).
 */

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
  await db.transaction('rw', db.accountRoles, async () => {
    const kept = await readSubAccountCodes(db)
    const taken = new Set(Object.values(kept))
    const fresh = Object.entries(codes).filter(
      ([key, code]) => kept[key] === undefined && !taken.has(code),
    )
    await db.accountRoles.bulkPut(fresh.map(([key, code]) => ({ key, code })))
  })
}
