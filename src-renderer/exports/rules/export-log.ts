import { Fnv1a64, contentHash } from './content-hash'
import { balancedEntry, negated, type JournalEntry, type JournalLine } from './journal-entry'
import type { PostedView } from './journal'
import type { JournalTarget } from './formats/journal-formats'

/**
 * The export log (docs/export-log.md): exports are append-only and idempotent, per destination (see
 * exports/tables/destinations.ts; the functions here work within one). Per posting key (the id an
 * entry is first exported under: a bill id, `payment:<id>`, `session:<id>`, …) the log knows
 * what the books now hold; per exported entry, which batch wrote it, where, with which content.
 *
 * Everything here is plain data for the caller to persist (one row per `PostedState`, per
 * `LoggedEntry`, per `ExportBatch`), and pure functions over it. An export of many entries runs
 * in slices: for each slice, load the states of its keys, plan, write, log; the states a slice
 * returns replace the stored ones before the next slice is planned.
 */

/** What the books hold for one posting key. */
export interface PostedState {
  key: string
  /** 0 for the entry first exported, n after `<key>:adj:<n>`. */
  revision: number
  /** The exported entry that stands in the books: `<key>` or `<key>:adj:<n>`. */
  liveEntryId: string
  /** The content standing in the books, under the key's own id (for a session, the total). */
  entry: JournalEntry
  hash: string
}

export type Granularity = 'bill' | 'session'

/** One export run: enough to write its file(s) again byte for byte. */
export interface ExportBatch {
  id: string
  destinationId: string
  /** ISO 8601; when the batch was made, shown in the log. */
  createdAt: string
  granularity: Granularity
  target: JournalTarget
}

/** One entry a batch wrote, in the order written. */
export interface LoggedEntry {
  destinationId: string
  entryId: string
  key: string
  batchId: string
  position: number
  hash: string
  entry: JournalEntry
}

/** What a logged entry did to the books for its key. */
export type EntryRevision = 'original' | 'reversal' | 'adjustment'

export function entryRevision(
  logged: Pick<LoggedEntry, 'entryId' | 'key' | 'entry'>,
): EntryRevision {
  const { kind } = logged.entry
  if (kind === 'reversal' || kind === 'payment-reversal') return 'reversal'
  return logged.entryId === logged.key ? 'original' : 'adjustment'
}

/** An entry to write, the posting key it belongs to, and its content hash. */
export interface PlannedEntry {
  key: string
  entry: JournalEntry
  hash: string
}

export interface ExportPlan {
  write: PlannedEntry[]
  /** New or changed states, to store in place of the old ones. */
  postings: PostedState[]
}

class DuplicateEntryError extends Error {
  override name = 'DuplicateEntryError'
}

/**
 * What an entry posts, which is what the hash compares: dates, ids, and each line's role and
 * amount. The wording of descriptions and memos is left out, so rewording them in a later version
 * of Till never re-posts the books.
 *
 * The accounts are left out too: a change of the account mapping applies to what is exported
 * after it and never re-posts what the books already hold. Re-posting would write a reversal and
 * a new entry for every exported bill, dated in periods the bookkeeper may have closed (Xero and
 * QuickBooks refuse those) and already reconciled; a bookkeeper moves past balances with one
 * reclassification of their own instead. When an exported record does change, its reversal
 * takes the accounts the books hold and the new entry the mapping of the day.
 */
function postingHash(entry: JournalEntry): string {
  return postingDigest(entry) ?? contentHash(postingFields(entry))
}

function postingFields(entry: JournalEntry) {
  return {
    id: entry.id,
    date: entry.date,
    currency: entry.currency,
    payee: entry.payee,
    billId: entry.billId,
    registerSessionId: entry.registerSessionId,
    locationId: entry.locationId,
    paymentIds: entry.paymentIds,
    lines: entry.lines.map((l) => [l.role, l.amount]),
  }
}

const isText = (value: unknown): value is string | null =>
  value === null || typeof value === 'string'

/**
 * The FNV-1a digest of the canonical JSON of `postingFields`, hashed straight from an entry of
 * the usual shape (its keys fed in sorted order) without making the text, since an export hashes
 * every entry it writes; null for any other shape (an entry logged by an older version), which
 * takes the general way.
 */
function postingDigest(entry: JournalEntry): string | null {
  const { billId, currency, date, id, lines, locationId, payee, paymentIds } = entry
  const session = entry.registerSessionId
  if (![billId, currency, date, id, locationId, payee, session].every(isText)) return null
  if (!Array.isArray(lines) || !Array.isArray(paymentIds)) return null
  for (const { role, amount } of lines)
    if (typeof role !== 'string' || typeof amount !== 'number' || !Number.isFinite(amount))
      return null
  if (!paymentIds.every((payment) => typeof payment === 'string')) return null
  const hash = new Fnv1a64().text('{"billId":').json(billId).text(',"currency":').json(currency)
  hash.text(',"date":').json(date).text(',"id":').json(id).text(',"lines":[')
  lines.forEach(({ role, amount }, i) => {
    hash
      .text(i === 0 ? '[' : ',[')
      .json(role)
      .text(',')
      .text(JSON.stringify(amount))
      .text(']')
  })
  hash.text('],"locationId":').json(locationId).text(',"payee":').json(payee)
  hash.text(',"paymentIds":[')
  paymentIds.forEach((payment, i) => {
    if (i > 0) hash.text(',')
    hash.json(payment)
  })
  return hash.text('],"registerSessionId":').json(session).text('}').digest()
}

/** The view of the books the journal rules need, from the states of the keys involved. */
export function postedView(postings: ReadonlyMap<string, PostedState>): PostedView {
  return {
    postedPayments: (billId) => postings.get(billId)?.entry.paymentIds,
    isPosted: (entryId) => postings.has(entryId),
  }
}

/**
 * What to write for the current entries of a range: nothing for an entry the books already hold
 * unchanged; a new entry as it is; for a changed one, a reversal of the live entry and the new
 * content as `<key>:adj:<n>` — or, for a session summary, one delta entry `session:<id>:adj:<n>`
 * with the difference per account. Never an edit of what was exported.
 */
export function planExport(
  current: readonly JournalEntry[],
  postings: ReadonlyMap<string, PostedState>,
): ExportPlan {
  const seen = new Set<string>()
  const plan: ExportPlan = { write: [], postings: [] }
  for (const entry of current) {
    if (seen.has(entry.id)) throw new DuplicateEntryError(`${entry.id} is twice in one export`)
    seen.add(entry.id)
    const hash = postingHash(entry)
    const state = postings.get(entry.id)
    if (!state) {
      plan.write.push({ key: entry.id, entry, hash })
      plan.postings.push({ key: entry.id, revision: 0, liveEntryId: entry.id, entry, hash })
      continue
    }
    if (state.hash === hash) continue
    const revision = state.revision + 1
    const adjustmentId = `${entry.id}:adj:${revision}`
    if (entry.kind === 'session') {
      const delta = sessionDelta(entry.lines, state.entry.lines)
      if (delta.every((line) => line.amount === 0)) continue
      plan.write.push(
        planned(entry.id, {
          ...entry,
          id: adjustmentId,
          description: `${entry.description}, adjustment ${revision}`,
          lines: delta,
        }),
      )
    } else {
      plan.write.push(
        planned(entry.id, reversalOf(state)),
        planned(entry.id, { ...entry, id: adjustmentId }),
      )
    }
    plan.postings.push({ key: entry.id, revision, liveEntryId: adjustmentId, entry, hash })
  }
  return plan
}

/**
 * What a session summary moved since it was posted, role by role: a role's difference goes to
 * the account the mapping gives it now, and a role no longer posted is taken back from where it
 * was posted. So a remap alone adds nothing, and never moves what was posted before it.
 */
function sessionDelta(
  current: readonly JournalLine[],
  posted: readonly JournalLine[],
): JournalLine[] {
  const now = sumByRole(current)
  const before = sumByRole(posted)
  const delta: JournalLine[] = []
  for (const [role, line] of now)
    delta.push({ ...line, amount: line.amount - (before.get(role)?.amount ?? 0) })
  for (const [role, line] of before)
    if (!now.has(role)) delta.push({ ...line, amount: -line.amount })
  return delta
}

function sumByRole(lines: readonly JournalLine[]): Map<string, JournalLine> {
  const byRole = new Map<string, JournalLine>()
  for (const line of lines) {
    const seen = byRole.get(line.role)
    byRole.set(line.role, seen ? { ...seen, amount: seen.amount + line.amount } : { ...line })
  }
  return byRole
}

function planned(key: string, entry: JournalEntry): PlannedEntry {
  const checked = balancedEntry(entry)
  return { key, entry: checked, hash: postingHash(checked) }
}

function reversalOf(state: PostedState): JournalEntry {
  return {
    ...state.entry,
    id: `${state.liveEntryId}:reversal`,
    kind: 'reversal',
    description: `Reversal of ${state.liveEntryId}: ${state.entry.description}`,
    paymentIds: [],
    lines: negated(state.entry.lines),
  }
}
