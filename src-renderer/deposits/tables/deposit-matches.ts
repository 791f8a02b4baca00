import type { TillDatabase } from '../../database/database'
import { lineRefsOf, matchId, type DepositMatch, type MatchResult } from '../rules/matching'
import { MATCHED_BY_TILL, type StoredMatch, type StoredOffer } from './deposit-rows'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'

/** A hand match or unmatch the cache refused, with what the person should do. */
export class DepositMatchError extends Error {
  override name = 'DepositMatchError'
}

/** Every match kept, standing and unmatched. */
export function storedMatches(db: TillDatabase): Promise<StoredMatch[]> {
  return db.depositMatches.toArray()
}

/** How many standing matches Till made on its own at `since` or after. */
export function tillMatchesSince(db: TillDatabase, since: number): Promise<number> {
  return db.depositMatches
    .where('state')
    .equals('confirmed')
    .filter((m) => m.madeBy === MATCHED_BY_TILL && m.madeAt >= since)
    .count()
}

/** The offers of the last matching run, bank line order. */
export async function storedOffers(db: TillDatabase): Promise<StoredOffer[]> {
  return (await db.depositOffers.toArray()).sort((a, b) => a.id.localeCompare(b.id))
}

/**
 * Keeps what a matching run found: its new matches as made by Till (a match already kept stays
 * as it is, whoever made it), and its offers in place of the last run's; an offer the same as
 * before is left as it is, so a run that changed nothing writes nothing.
 */
export function keepMatchingRun(
  db: TillDatabase,
  result: MatchResult,
  madeAt: number,
): Promise<{ added: number }> {
  const tables = [db.depositMatches, db.depositOffers, ...outboxTables(db)]
  return db.transaction('rw', tables, async () => {
    const stored = await db.depositMatches.bulkGet(result.matches.map((m) => m.id))
    const fresh = result.matches
      .filter((_, i) => stored[i] === undefined)
      .map((match): StoredMatch => ({
        ...match,
        confirmedAt: match.confirmedAt ?? madeAt,
        state: 'confirmed',
        madeBy: MATCHED_BY_TILL,
        madeAt,
      }))
    if (fresh.length > 0) await db.depositMatches.bulkAdd(fresh)
    for (const match of fresh) await enqueueRow(db, 'depositMatch', match)
    const offers = result.offers.map((offer) => ({
      ...offer,
      id: matchId(offer.bankAccountId, offer.bankLineIds),
    }))
    const wanted = new Map(offers.map((offer) => [offer.id, JSON.stringify(offer)]))
    const before = new Map(
      (await db.depositOffers.toArray()).map((offer) => [offer.id, JSON.stringify(offer)]),
    )
    const gone = [...before.keys()].filter((id) => !wanted.has(id))
    if (gone.length > 0) await db.depositOffers.bulkDelete(gone)
    const changed = offers.filter((offer) => before.get(offer.id) !== wanted.get(offer.id))
    if (changed.length > 0) await db.depositOffers.bulkPut(changed)
    return { added: fresh.length }
  })
}

/** The standing matches holding any of the lines (of its bank account) or deposits of `match`. */
async function standingOver(db: TillDatabase, match: DepositMatch): Promise<StoredMatch[]> {
  const lines = new Set(lineRefsOf(match))
  const expected = new Set(match.expectedIds)
  return db.depositMatches
    .where('state')
    .equals('confirmed')
    .filter(
      (m) =>
        lineRefsOf(m).some((ref) => lines.has(ref)) || m.expectedIds.some((id) => expected.has(id)),
    )
    .toArray()
}

/**
 * The offers a match settles: each loses the readings that take its lines or deposits, and the
 * lines no reading left takes; an offer with no reading left goes. Another line of an offer keeps
 * the readings that are still open to it, so confirming one line never drops another's offer.
 */
async function settleOffers(db: TillDatabase, match: DepositMatch): Promise<void> {
  const lines = new Set(lineRefsOf(match))
  const expected = new Set(match.expectedIds)
  const touched = await db.depositOffers
    .filter(
      (o) =>
        lineRefsOf(o).some((ref) => lines.has(ref)) ||
        o.candidates.flat().some((id) => expected.has(id)),
    )
    .toArray()
  for (const offer of touched) {
    const kept = offer.candidates.flatMap((candidate, i) => {
      const lineIds = offer.candidateLineIds[i] ?? offer.bankLineIds
      const refs = lineRefsOf({ bankAccountId: offer.bankAccountId, bankLineIds: lineIds })
      return refs.some((ref) => lines.has(ref)) || candidate.some((id) => expected.has(id))
        ? []
        : [{ candidate, lineIds }]
    })
    await db.depositOffers.delete(offer.id)
    if (kept.length === 0) continue
    const bankLineIds = [...new Set(kept.flatMap((k) => k.lineIds))].sort()
    await db.depositOffers.put({
      ...offer,
      id: matchId(offer.bankAccountId, bankLineIds),
      bankLineIds,
      candidates: kept.map((k) => k.candidate),
      candidateLineIds: kept.map((k) => k.lineIds),
    })
  }
}

/**
 * A match a person made: refused when a bank line or an expected deposit of it already stands in
 * another match (unmatch that first). The offers of its lines and deposits are settled by it
 * (`settleOffers`).
 */
export function keepHandMatch(
  db: TillDatabase,
  match: DepositMatch,
  by: string,
  at: number,
): Promise<void> {
  return db.transaction(
    'rw',
    [db.depositMatches, db.depositOffers, ...outboxTables(db)],
    async () => {
      if (match.bankLineIds.length === 0 || match.expectedIds.length === 0)
        throw new DepositMatchError('Choose at least one bank line and one expected deposit.')
      const taken = await standingOver(db, match)
      if (taken.length > 0)
        throw new DepositMatchError(
          `Already matched (${taken.map((m) => m.bankLineIds.join('+')).join(', ')}): unmatch it first.`,
        )
      // The same lines unmatched before keep the key an export posted them under.
      const before = await db.depositMatches.get(match.id)
      const kept: StoredMatch = {
        ...match,
        ...(before?.postingKey === undefined ? {} : { postingKey: before.postingKey }),
        kind: 'by-hand',
        confirmedAt: at,
        state: 'confirmed',
        madeBy: by,
        madeAt: at,
      }
      await db.depositMatches.put(kept)
      await enqueueRow(db, 'depositMatch', kept)
      await settleOffers(db, match)
    },
  )
}

/**
 * Undoes a standing match: it is kept as unmatched, by whom and when, so Till never makes it on
 * its own again and the next export reverses what it posted.
 */
export function keepUnmatch(
  db: TillDatabase,
  matchId: string,
  by: string,
  at: number,
): Promise<void> {
  return db.transaction('rw', [db.depositMatches, ...outboxTables(db)], async () => {
    const match = await db.depositMatches.get(matchId)
    if (match?.state !== 'confirmed')
      throw new DepositMatchError(`No standing match ${matchId} to unmatch.`)
    const unmatched: StoredMatch = {
      ...match,
      state: 'unmatched',
      unmatchedBy: by,
      unmatchedAt: at,
    }
    await db.depositMatches.put(unmatched)
    await enqueueRow(db, 'depositMatch', unmatched)
  })
}
