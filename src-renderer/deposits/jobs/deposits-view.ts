import type { TillDatabase } from '../../database/database'
import { storedMatches, storedOffers } from '../tables/deposit-matches'
import { openSessionDays } from '../tables/deposit-sessions'
import { statementLines } from '../tables/statement-lines'
import { currentExpectedDeposits, depositSettingsOf } from './deposit-matching'
import type { DepositInputs } from './deposit-overview'

/** Everything the Deposits screen reads, in one read (a live query re-runs it on each write). */
export async function depositInputs(db: TillDatabase, currency: string): Promise<DepositInputs> {
  const [settings, lines, matches, offers, expected, openSessions] = await Promise.all([
    depositSettingsOf(db, currency),
    statementLines(db),
    storedMatches(db),
    storedOffers(db),
    currentExpectedDeposits(db, currency),
    openSessionDays(db),
  ])
  return { settings, lines, matches, offers, expected, openSessions }
}
