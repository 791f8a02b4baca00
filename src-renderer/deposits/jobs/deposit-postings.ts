import type { TillDatabase } from '../../database/database'
import { storedMatches } from '../tables/deposit-matches'
import { statementLines } from '../tables/statement-lines'
import { lineRef, lineRefsOf } from '../rules/matching'
import { depositKey, type DepositPosting } from '../../exports/rules/deposit-entries'
import { currentExpectedDeposits, depositSettingsOf } from './deposit-matching'

export interface DepositPostings {
  /** The standing matches, each with what its entry needs. */
  standing: DepositPosting[]
  /** Posting keys of matches a person unmatched: an export reverses what they posted. */
  withdrawn: string[]
}

/**
 * What the deposits post (docs/ledger.md#deposits): every standing match whose lines,
 * bank account and deposits Till still holds, and the keys of the unmatched ones. A match whose
 * deposits are no longer expected (a session reopened, the settings changed) waits until they are.
 */
export async function depositPostings(
  db: TillDatabase,
  currency: string,
): Promise<DepositPostings> {
  const [settings, matches, lines, expected] = await Promise.all([
    depositSettingsOf(db, currency),
    storedMatches(db),
    statementLines(db),
    currentExpectedDeposits(db, currency),
  ])
  const lineByRef = new Map(lines.map((l) => [lineRef(l), l]))
  const expectedById = new Map(expected.map((e) => [e.id, e]))
  const standing: DepositPosting[] = []
  for (const match of matches) {
    if (match.state !== 'confirmed') continue
    const matchLines = lineRefsOf(match).flatMap((ref) => lineByRef.get(ref) ?? [])
    const deposits = match.expectedIds.flatMap((id) => expectedById.get(id) ?? [])
    const bankAccount = settings.bankAccounts.find((a) => a.id === match.bankAccountId)
    if (
      !bankAccount ||
      matchLines.length !== match.bankLineIds.length ||
      deposits.length !== match.expectedIds.length
    )
      continue
    standing.push({ match, expected: deposits, lines: matchLines, bankAccount })
  }
  const withdrawn = matches.filter((m) => m.state === 'unmatched').map(depositKey)
  return { standing, withdrawn: [...new Set(withdrawn)] }
}
