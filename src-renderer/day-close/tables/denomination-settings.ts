import { useLiveQuery } from 'dexie-react-hooks'
import { z } from 'zod'
import type { TillDatabase } from '../../database/database'
import {
  defaultDenominations,
  denominationListProblem,
  inCountingOrder,
  type Denomination,
  type DenominationSource,
} from '../rules/denominations'

/**
 * The notes and coins a shop counts its drawer by, per currency: Till's own (or guessed) unless
 * the shop adjusted them in Settings → Notes and coins. Kept in the cache's meta table as one
 * JSON value, by currency code.
 */

const KEY = 'denominations'

const storedSchema = z.record(
  z.string().regex(/^[A-Z]{3}$/),
  z.array(z.object({ value: z.number(), kind: z.enum(['note', 'coin']) })),
)

class DenominationsError extends Error {
  override name = 'DenominationsError'
}

/** The shop's adjusted lists, by currency; a stored value Till cannot read counts as none. */
async function loadShopDenominations(db: TillDatabase): Promise<Record<string, Denomination[]>> {
  const stored = (await db.meta.get(KEY))?.value
  if (typeof stored !== 'string') return {}
  try {
    const parsed = storedSchema.safeParse(JSON.parse(stored))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}

export interface CurrencyDenominations {
  denominations: readonly Denomination[]
  /** Where the list came from: the shop's Settings, Till's table, or guessed from the decimals. */
  source: DenominationSource | 'shop'
}

/** The notes and coins to count a drawer of `currency` by. */
export async function loadDenominations(
  db: TillDatabase,
  currency: string,
): Promise<CurrencyDenominations> {
  const code = currency.trim().toUpperCase()
  const own = (await loadShopDenominations(db))[code]
  if (own && denominationListProblem(own) === null) return { denominations: own, source: 'shop' }
  return defaultDenominations(code)
}

/** The notes and coins of `currency`, kept current as Settings changes them; none while they load. */
export function useDenominations(
  db: TillDatabase,
  currency: string,
): CurrencyDenominations | undefined {
  return useLiveQuery(() => loadDenominations(db, currency), [db, currency])
}

/**
 * Keeps the shop's notes and coins of `currency` (in counting order), or Till's again when
 * `list` is null. A list that cannot be counted by is refused with the reason.
 */
export async function saveShopDenominations(
  db: TillDatabase,
  currency: string,
  list: readonly Denomination[] | null,
): Promise<void> {
  const code = currency.trim().toUpperCase()
  if (!/^[A-Z]{3}$/.test(code))
    throw new DenominationsError(`“${currency}” is not a currency code.`)
  const problem = list && denominationListProblem(list)
  if (problem) throw new DenominationsError(problem)
  await db.transaction('rw', db.meta, async () => {
    const all = await loadShopDenominations(db)
    if (list) all[code] = inCountingOrder(list).map(({ value, kind }) => ({ value, kind }))
    else delete all[code]
    await db.meta.put({ key: KEY, value: JSON.stringify(all) })
  })
}
