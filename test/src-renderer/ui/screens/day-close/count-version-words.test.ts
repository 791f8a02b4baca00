import { afterEach, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../../src-renderer/database/database'
import { reopenSession } from '../../../../../src-renderer/day-close/jobs/reconcile'
import { countVersionLines } from '../../../../../src-renderer/ui/screens/day-close/count-version-words'
import {
  cashSessionCache,
  countSession,
  SALE_AT,
} from '../../../../support/exports/counted-session'

const opened: TillDatabase[] = []
afterEach(() => opened.splice(0).forEach((db) => db.close()))

/** The evening after the sale, 23:00 in Jakarta: the session no longer trades. */
const EVENING = SALE_AT + 13 * 3600_000

async function counted(): Promise<TillDatabase> {
  const db = await cashSessionCache()
  opened.push(db)
  await countSession(db, { countedCash: 6000, countedBy: 'Ana', note: 'Over', now: EVENING })
  return db
}

const lines = (body: unknown) => countVersionLines(body, 'USD', 'Asia/Jakarta')

describe('one PC’s version of a count in words', () => {
  it('a count says what was counted, its variance, by whom and when', async () => {
    const db = await counted()
    expect(lines(await db.reconciliations.get('S'))).toEqual([
      '$60.00 counted',
      'variance $0.00',
      'by Ana, Nov 20, 2026, 11:00 PM',
      '“Over”',
    ])
  })

  it('a reopen says it was reopened, by whom, when and why, and which count it took back', async () => {
    const db = await counted()
    await reopenSession(db, {
      sessionId: 'S',
      by: 'Budi',
      reason: 'Recount',
      now: EVENING + 60_000,
    })
    expect(lines(await db.reconciliations.get('S'))).toEqual([
      'Reopened, not counted',
      'by Budi, Nov 20, 2026, 11:01 PM',
      '“Recount”',
      'it took back the count of $60.00',
    ])
  })

  it('a count deleted says there is none', () => {
    expect(lines(null)).toEqual(['No count: deleted'])
  })
})
