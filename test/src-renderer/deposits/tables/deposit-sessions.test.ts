import { describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { recordMovement } from '../../../../src-renderer/day-close/tables/cash-movement-store'
import { depositSessions } from '../../../../src-renderer/deposits/tables/deposit-sessions'
import { cashSale, countedShop, MORNING, writeSales } from '../../../support/counted-session'
import { transactionsOf } from '../../../support/transaction-count'

const HOUR = 3_600_000
/** Late enough that every session is over (twelve quiet hours). */
const NOW = MORNING + 24 * HOUR

/** `countedShop`, with a float of 500 in S2. */
async function shop(): Promise<TillDatabase> {
  const db = await countedShop()
  await recordMovement(db, {
    id: 'float-S2',
    sessionId: 'S2',
    kind: 'float',
    amount: 500,
    currency: 'USD',
    category: null,
    at: MORNING + 6 * HOUR,
    by: 'AB',
    note: '',
    replaces: null,
  })
  return db
}

const figuresOf = (sessions: Awaited<ReturnType<typeof depositSessions>>) =>
  Object.fromEntries(
    sessions.map(({ id, expectedCash, countedCash, nextOpeningFloat }) => [
      id,
      { expectedCash, countedCash, nextOpeningFloat },
    ]),
  )

describe('the sessions expected deposits are made from', () => {
  it('carry each closed session’s expected and counted cash and the float its next one kept', async () => {
    const db = await shop()
    // S3's tally gone (a cache from before tallies): added up from its records.
    await db.sessionTallies.delete('S3')
    expect(figuresOf(await depositSessions(db, 'USD', NOW))).toEqual({
      S1: { expectedCash: 4000, countedCash: 4100, nextOpeningFloat: 500 },
      S2: { expectedCash: 2500, countedCash: null, nextOpeningFloat: null },
      S3: { expectedCash: 500, countedCash: null, nextOpeningFloat: null },
    })
    db.close()
  })

  it('are read in as many transactions however many sessions a location has', async () => {
    const db = await shop()
    const few = await transactionsOf(() => depositSessions(db, 'USD', NOW))
    await writeSales(
      db,
      Array.from({ length: 8 }, (_, i) =>
        cashSale(`more-${i}`, `S-more-${i}`, 100, MORNING + (2 + i) * HOUR, '102'),
      ),
    )
    expect(await depositSessions(db, 'USD', NOW)).toHaveLength(3 + 8)
    expect(await transactionsOf(() => depositSessions(db, 'USD', NOW))).toBe(few)
    db.close()
  })
})
