import type { Transaction } from 'dexie'

/**
 * Cache version 12: the export log, shared by every format before, becomes per destination
 * (../../exports/tables/destinations.ts). Each logged entry belongs to the destination of the format its batch was
 * written in; a posting key's state goes to every destination that logged an entry for it, so
 * nothing a destination already holds is posted to it again. A destination takes the granularity
 * of its format's latest batch; sessions its log posted the other way stay that way. A run that
 * never committed is rolled back first, as the next export would have done.
 *
 * Frozen with the row shapes it reads and writes: the built-in destinations' names and
 * `builtInDestination` copied on 2026-12-07 from exports/tables/export-rows.ts, so a change there changes
 * the destinations made from now on and not those this upgrade makes.
 */

const PAGE = 1_000

type JournalFormat = 'journal-csv' | 'xero' | 'quickbooks' | 'beancount' | 'ledger'
type Granularity = 'bill' | 'session'

/** What the upgrade reads of a logged entry's or a posting state's entry; the rest is carried. */
interface LoggedContent {
  date: string
  registerSessionId: string | null
}

/** A posting key's state, carried whole. */
interface PostedState {
  key: string
  entry: LoggedContent
}

/** A logged entry as the log kept it before destinations. */
interface LegacyLogged {
  entryId: string
  key: string
  batchId: string
  position: number
  entry: LoggedContent
}

type LoggedEntry = LegacyLogged & { destinationId: string }

interface LegacyBatch {
  id: string
  what: JournalFormat
  granularity: Granularity
  createdAt: string
}

interface Destination {
  id: string
  name: string
  format: JournalFormat
  periods: { from: string; granularity: Granularity }[]
  postedAs?: Record<string, Granularity>
  postedThrough: string
}

const BUILT_IN_NAMES: Record<JournalFormat, string> = {
  'journal-csv': 'Generic CSV journal',
  xero: 'Xero',
  quickbooks: 'QuickBooks Online',
  beancount: 'beancount',
  ledger: 'hledger/ledger',
}

function builtInDestination(format: JournalFormat): Destination {
  return {
    id: format,
    name: BUILT_IN_NAMES[format],
    format,
    periods: [{ from: '', granularity: 'bill' }],
    postedThrough: '',
  }
}

export async function upgradeToDestinations(tx: Transaction): Promise<void> {
  const oldLog = tx.table<LegacyLogged, string>('exportLog')
  const oldPostings = tx.table<PostedState, string>('postings')
  const replaced = tx.table<{ batchId: string; key: string; state: PostedState }>(
    'replacedPostings',
  )
  const runs = tx.table<{ id: string }, string>('exportRuns')
  const batchLog = (batchId: string) =>
    oldLog.where('[batchId+position]').between([batchId, -Infinity], [batchId, Infinity])

  for (const run of await runs.toArray()) {
    const keys = [...new Set((await batchLog(run.id).toArray()).map((l) => l.key))]
    const kept = await replaced.bulkGet(keys.map((key) => [run.id, key]))
    await oldPostings.bulkDelete(keys.filter((_, i) => kept[i] === undefined))
    await oldPostings.bulkPut(kept.flatMap((r) => (r ? [r.state] : [])))
    await batchLog(run.id).delete()
    await replaced.where('batchId').equals(run.id).delete()
    await runs.delete(run.id)
  }

  const batches = new Map<string, LegacyBatch>()
  await tx
    .table('exportBatches')
    .toCollection()
    .modify((batch: LegacyBatch & { destinationId?: string }) => {
      batches.set(batch.id, batch)
      batch.destinationId = batch.what
    })

  const postedThrough = new Map<string, string>()
  // How each format's log posted each session: a log of both granularities keeps each session
  // the way it went (a summary wins where both did, already twice in those books).
  const postedAs = new Map<string, Map<string, Granularity>>()
  const notePosted = (format: string, row: LegacyLogged): void => {
    const session = row.entry.registerSessionId
    if (session === null || row.key.startsWith('expense:') || row.key.endsWith(':variance')) return
    const sessions = postedAs.get(format) ?? new Map<string, Granularity>()
    postedAs.set(format, sessions)
    if (row.key.startsWith('session:')) sessions.set(session, 'session')
    else if (!sessions.has(session)) sessions.set(session, 'bill')
  }
  const logged = tx.table<LoggedEntry>('loggedEntries')
  let after = ''
  for (;;) {
    const page = await oldLog.where('entryId').above(after).limit(PAGE).toArray()
    if (page.length === 0) break
    const rows = page.flatMap((row) => {
      const batch = batches.get(row.batchId)
      if (!batch) return []
      const through = postedThrough.get(batch.what) ?? ''
      if (row.entry.date > through) postedThrough.set(batch.what, row.entry.date)
      notePosted(batch.what, row)
      return [{ ...row, destinationId: batch.what }]
    })
    await logged.bulkPut(rows)
    after = page[page.length - 1]!.entryId
  }

  const states = tx.table<PostedState & { destinationId: string }>('postedStates')
  after = ''
  for (;;) {
    const page = await oldPostings.where('key').above(after).limit(PAGE).toArray()
    if (page.length === 0) break
    const holders = new Map<string, Set<string>>()
    for (const row of await logged
      .where('[destinationId+key]')
      .anyOf(
        [...postedThrough.keys()].flatMap((destinationId) =>
          page.map((state) => [destinationId, state.key]),
        ),
      )
      .toArray())
      holders.set(row.key, (holders.get(row.key) ?? new Set()).add(row.destinationId))
    await states.bulkPut(
      page.flatMap((state) =>
        [...(holders.get(state.key) ?? [])].map((destinationId) => ({ ...state, destinationId })),
      ),
    )
    after = page[page.length - 1]!.key
  }

  const latest = new Map<string, LegacyBatch>()
  for (const batch of batches.values()) {
    const seen = latest.get(batch.what)
    if (!seen || batch.createdAt > seen.createdAt) latest.set(batch.what, batch)
  }
  const destinations: Destination[] = [...latest.values()].map((batch) => {
    const otherWay = [...(postedAs.get(batch.what) ?? [])].filter(
      ([, granularity]) => granularity !== batch.granularity,
    )
    return {
      ...builtInDestination(batch.what),
      periods: [{ from: '', granularity: batch.granularity }],
      postedThrough: postedThrough.get(batch.what) ?? '',
      ...(otherWay.length > 0 && { postedAs: Object.fromEntries(otherWay) }),
    }
  })
  await tx.table('destinations').bulkPut(destinations)
}
