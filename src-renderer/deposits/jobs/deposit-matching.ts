import type { TillDatabase } from '../../database/database'
import { loadLocationNames } from '../../settings/tables/location-names'
import { depositSessions } from '../tables/deposit-sessions'
import { keepMatchingRun, storedMatches } from '../tables/deposit-matches'
import { readDepositSettings } from '../tables/deposit-settings-store'
import { statementLines } from '../tables/statement-lines'
import { defaultDepositSettings, type DepositSettings } from '../rules/deposit-settings'
import { expectedDeposits, type ExpectedDeposit } from '../rules/expected-deposits'
import { rematchDeposits, type MatchRun, type Rematch } from '../rules/matching-regions'

/** The settings saved, or what a shop in `currency` starts with. */
export async function depositSettingsOf(
  db: TillDatabase,
  currency: string,
): Promise<DepositSettings> {
  return (await readDepositSettings(db)) ?? defaultDepositSettings(currency)
}

/** The deposits the closed sessions expect under the settings of the day. */
export async function currentExpectedDeposits(
  db: TillDatabase,
  currency: string,
): Promise<ExpectedDeposit[]> {
  const settings = await depositSettingsOf(db, currency)
  return expectedDeposits(await depositSessions(db, currency), settings)
}

/**
 * Matches the kept bank lines to the expected deposits (docs/ledger.md#deposits), reading each
 * line's words against the locations' names and the bookkeeper's rules: matches a
 * person made or Till made before stand, those a person unmatched are never made again, and the
 * new unique ones are kept as Till's, the ambiguous ones as offers. Run after an import, when the
 * tallies or the settings change, and on the Deposits screen's *Match again*. Given the run
 * before, it matches again only where the inputs changed since (docs/ledger.md#matching-again).
 */
export async function runDepositMatching(
  db: TillDatabase,
  currency: string,
  now: number,
  previous: MatchRun | null = null,
): Promise<{ added: number; offers: number; run: MatchRun; redone: Rematch['redone'] }> {
  const settings = await depositSettingsOf(db, currency)
  const [sessions, lines, stored, locationNames] = await Promise.all([
    depositSessions(db, currency),
    statementLines(db),
    storedMatches(db),
    loadLocationNames(db),
  ])
  const { run, redone } = rematchDeposits(previous, {
    expected: expectedDeposits(sessions, settings),
    lines,
    kept: stored.filter((m) => m.state === 'confirmed'),
    refused: stored.filter((m) => m.state === 'unmatched').map((m) => m.id),
    settings,
    now,
    locationNames,
  })
  const { added } = await keepMatchingRun(db, run.result, now)
  return { added, offers: run.result.offers.length, run, redone }
}
