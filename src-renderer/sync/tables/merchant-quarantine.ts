import type { TillDatabase } from '../../database/database'
import { quarantineKey } from './writes'

/**
 * Keeps under Problems a shop detail (currency or time zone) an event stated in a form Till
 * cannot use; a later event stating another replaces it.
 */
export async function quarantineMerchantFact(
  db: TillDatabase,
  fact: { field: 'currency' | 'timezone'; company: unknown; reason: string; seenAt: number },
): Promise<void> {
  const record = { kind: 'merchant' as const, id: fact.field, raw: fact.company }
  await db.quarantine.put({
    ...record,
    key: quarantineKey(record),
    reason: fact.reason,
    seenAt: fact.seenAt,
  })
}
