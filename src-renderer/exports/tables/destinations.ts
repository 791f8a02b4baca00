import type { Table } from 'dexie'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'
import type { TillDatabase } from '../../database/database'
import {
  builtInDestination,
  SHARED_MAPPING,
  type Destination,
  type GranularityPeriod,
  type MappingId,
} from './export-rows'
import type { Granularity } from '../rules/export-log'
import type { JournalFormat } from '../rules/formats/journal-formats'
import { formatBusinessDate } from '../../format/time'

/**
 * Destinations (docs/ledger.md#destinations): one set of books Till posts into. The export log, its
 * idempotency, reversals and adjustments, and Download again are kept per destination, so a Xero
 * export after a generic CSV export of the same range is complete. Out of the box each journal
 * format is its own destination, under the format's name as id (stored only once renamed, switched
 * or posted to); a bookkeeper may add more.
 *
 * The granularity belongs to the destination, by business date: each period says how the
 * sessions from its date on are posted. A destination that has posted takes a new period only
 * after the last business date it posted, so nothing it holds changes granularity.
 */

const BUILT_IN_ORDER: readonly JournalFormat[] = [
  'journal-csv',
  'xero',
  'quickbooks',
  'beancount',
  'ledger',
]

/** The key of the account mapping the destination posts with. */
export function mappingIdOf(destination: Pick<Destination, 'id' | 'mapping'>): MappingId {
  return destination.mapping === 'own' ? `destination:${destination.id}` : SHARED_MAPPING
}

export class DestinationError extends Error {
  override name = 'DestinationError'
}

/** The built-in destinations (as stored, if they are) and the added ones, by name. */
export async function listDestinations(db: TillDatabase): Promise<Destination[]> {
  const stored = new Map((await db.destinations.toArray()).map((d) => [d.id, d]))
  const builtIn = BUILT_IN_ORDER.map((f) => stored.get(f) ?? builtInDestination(f))
  const added = [...stored.values()]
    .filter((d) => !(BUILT_IN_ORDER as readonly string[]).includes(d.id))
    .sort((a, b) => a.name.localeCompare(b.name))
  return [...builtIn, ...added]
}

export async function readDestination(db: TillDatabase, id: string): Promise<Destination> {
  const stored = await db.destinations.get(id)
  if (stored) return stored
  if ((BUILT_IN_ORDER as readonly string[]).includes(id))
    return builtInDestination(id as JournalFormat)
  throw new DestinationError(`No destination ${id}`)
}

/** The granularity sessions of `businessDate` are posted with here. */
function granularityOn(destination: Destination, businessDate: string): Granularity {
  let granularity = destination.periods[0]!.granularity
  for (const period of destination.periods)
    if (period.from <= businessDate) granularity = period.granularity
  return granularity
}

/** The granularity a session is posted with here. */
export function sessionGranularity(
  destination: Destination,
  session: { id: string; businessDate: string },
): Granularity {
  return destination.postedAs?.[session.id] ?? granularityOn(destination, session.businessDate)
}

/** How new sessions are posted (the last period's granularity). */
export function currentGranularity(destination: Destination): Granularity {
  return destination.periods[destination.periods.length - 1]!.granularity
}

/** Whether every session of this destination, whatever its date, is posted one way. */
export function singleGranularity(destination: Destination): Granularity | null {
  const first = destination.periods[0]!.granularity
  const exceptions = Object.values(destination.postedAs ?? {})
  return destination.periods.every((p) => p.granularity === first) &&
    exceptions.every((g) => g === first)
    ? first
    : null
}

function checkedName(name: string): string {
  const trimmed = name.trim()
  if (trimmed === '') throw new DestinationError('A destination needs a name')
  if (trimmed.length > 80)
    throw new DestinationError('A destination name has at most 80 characters')
  return trimmed
}

/**
 * Reads the destination, changes it and saves the change, here and in the outbox for the shared
 * books, in one transaction (with `alsoWrites`' tables). A change that returns the destination
 * itself saves nothing.
 */
function changeDestination(
  db: TillDatabase,
  id: string,
  change: (destination: Destination) => Destination | Promise<Destination>,
  alsoWrites: readonly Table[] = [],
): Promise<Destination> {
  return db.transaction('rw', [db.destinations, ...alsoWrites, ...outboxTables(db)], async () => {
    const destination = await readDestination(db, id)
    const changed = await change(destination)
    if (changed === destination) return destination
    await db.destinations.put(changed)
    await enqueueRow(db, 'destination', changed)
    return changed
  })
}

export async function addDestination(
  db: TillDatabase,
  name: string,
  format: JournalFormat,
  id = `destination-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
): Promise<Destination> {
  const destination = { ...builtInDestination(format), id, name: checkedName(name) }
  await db.transaction('rw', [db.destinations, ...outboxTables(db)], async () => {
    await db.destinations.add(destination)
    await enqueueRow(db, 'destination', destination)
  })
  return destination
}

export async function renameDestination(
  db: TillDatabase,
  id: string,
  name: string,
): Promise<Destination> {
  return changeDestination(db, id, (destination) => ({ ...destination, name: checkedName(name) }))
}

/**
 * Switches how the destination posts. One that has posted nothing simply changes; one that has
 * needs a cut-over business date after the last date it posted: sessions before it stay as they
 * were posted, sessions from it on are posted the new way.
 */
export async function switchGranularity(
  db: TillDatabase,
  id: string,
  granularity: Granularity,
  cutOver: string | null,
): Promise<Destination> {
  return changeDestination(db, id, (destination) => {
    if (currentGranularity(destination) === granularity) return destination
    let periods: GranularityPeriod[]
    if (destination.postedThrough === '') periods = [{ from: '', granularity }]
    else {
      if (cutOver === null || !/^\d{4}-\d{2}-\d{2}$/.test(cutOver))
        throw new DestinationError(
          `${destination.name} has posted: choose the business date from which to post the new way`,
        )
      if (cutOver <= destination.postedThrough)
        throw new DestinationError(
          `The cut-over must come after ${formatBusinessDate(destination.postedThrough)}, the last business date ${destination.name} has posted`,
        )
      periods = [...destination.periods, { from: cutOver, granularity }]
    }
    return { ...destination, periods }
  })
}

/**
 * Has the destination post with the shared mapping or with its own. Its own starts as a copy of
 * the shared mapping; one it had before, set aside when it went back to shared, is taken up
 * again, so going back and forth loses no account. Entries already posted stay as they are: the
 * log's hashes do not cover accounts, so nothing is posted again.
 */
export async function chooseMapping(
  db: TillDatabase,
  id: string,
  mapping: 'shared' | 'own',
  now: Date = new Date(),
): Promise<Destination> {
  return changeDestination(
    db,
    id,
    async (destination) => {
      const { mapping: _previous, ...rest } = destination
      const chosen: Destination = mapping === 'own' ? { ...rest, mapping: 'own' } : rest
      const own = mappingIdOf(chosen)
      if (own !== SHARED_MAPPING && !(await db.accountMapping.get(own))) {
        const shared = await db.accountMapping.get(SHARED_MAPPING)
        const copied = {
          accounts: {},
          locations: {},
          ...shared,
          id: own,
          savedAt: now.toISOString(),
        }
        await db.accountMapping.put(copied)
        await enqueueRow(db, 'mapping', copied)
      }
      return chosen
    },
    [db.accountMapping],
  )
}

/**
 * Locks the destination's books up to a business date, or unlocks them (null). Later exports date
 * nothing on or before it: what they post for those days (a change to an entry the books hold, a
 * record synced late) is dated the first day after it.
 */
export async function lockDestination(
  db: TillDatabase,
  id: string,
  lockedThrough: string | null,
): Promise<Destination> {
  if (lockedThrough !== null && !/^\d{4}-\d{2}-\d{2}$/.test(lockedThrough))
    throw new DestinationError('A lock date is a business date, YYYY-MM-DD')
  return changeDestination(db, id, ({ lockedThrough: _previous, ...destination }) =>
    lockedThrough === null ? destination : { ...destination, lockedThrough },
  )
}
