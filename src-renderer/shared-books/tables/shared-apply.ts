import type { Table } from 'dexie'
import type { SharedPushResult } from '../../../src-shared/bridge/schemas/shared-books'
import type { TillDatabase } from '../../database/database'
import type { StoredBatch } from '../../exports/tables/export-rows'
import { logPage, type LogPage } from '../../exports/tables/log-pages'
import { nextSeq } from '../../exports/tables/log-page-queries'
import { ownRecordProblem } from '../../backup/tables/own-record-rows'
import type { Reconciliation } from '../../database/cached-records'
import { recordSchema } from '../../day-close/tables/reconciliation-schema'
import { enqueueChange, noteAppliedChange, outboxTables } from './shared-outbox'
import { settleMovements } from './movement-standing'
import type { CashMovement } from '../../day-close/rules/cash-movements'
import { HeldFacts } from '../../backup/tables/store-facts'
import { rowMeaningProblem, type MeaningProblem } from '../../backup/rules/row-meaning'
import {
  EXPORT_BATCH_KIND,
  isSharedKind,
  SHARED_KINDS,
  sharedKeyOf,
  sharedRef,
  storedKeysOf,
  type OutboxChange,
  type PulledRow,
  type SharedKind,
} from './shared-rows'

/**
 * Rows pulled from shared books applied to the cache (docs/shared-books.md#pulling), and the
 * answers to a push settled. A pulled row is validated like any answer from outside: one that
 * does not is set aside (shown under Problems) and the rest apply. A record with a change of this
 * PC still waiting is left for the push to settle; two counts of one session are kept side by
 * side until a person chooses, never one silently over the other.
 */

/** A committed export as the books carry it: its batch and its log pages, seq left out. */
export interface SharedBatch {
  batch: StoredBatch
  pages: Omit<LogPage, 'seq'>[]
}

/** Every table applying a pulled row may write. */
function applyTables(db: TillDatabase): Table[] {
  const own = Object.values(SHARED_KINDS).map((name) => db.table(name))
  return [
    ...own,
    ...outboxTables(db),
    db.sessions,
    db.bills,
    db.exportBatches,
    db.exportRuns,
    db.logPages,
    db.sharedConflicts,
    db.sharedSetAside,
  ] as Table[]
}

/** Why a pulled row cannot be applied; null when it can. */
function pulledRowProblem(row: PulledRow): string | null {
  if (row.kind === EXPORT_BATCH_KIND) return sharedBatchProblem(sharedBatchIn(row))
  if (!isSharedKind(row.kind)) return `Till does not share records of kind “${row.kind}”`
  if (row.deleted)
    return storedKeysOf(row.kind, row.key).length > 0
      ? null
      : `a deletion of ${row.key}, which is no key of a ${row.kind}`
  const problem = ownRecordProblem(SHARED_KINDS[row.kind], row.body)
  if (problem !== null) return problem
  const key = sharedKeyOf(row.kind, row.body)
  return key === row.key ? null : `the row is filed under ${row.key} but names ${key}`
}

/**
 * The batch an `exportBatch` row carries: the books file it under its batch id with its place in
 * the destination's log, `{ destinationId, seq, batchId, batch }`, `batch` being what was sent.
 */
function sharedBatchIn(row: PulledRow): unknown {
  const body = (row.body ?? {}) as { destinationId?: unknown; batchId?: unknown; batch?: unknown }
  const sent = (body.batch ?? {}) as Partial<SharedBatch>
  return body.batchId === row.key &&
    sent.batch?.id === row.key &&
    body.destinationId === sent.batch.destinationId
    ? sent
    : null
}

function sharedBatchProblem(body: unknown): string | null {
  if (body === null) return 'not an export batch filed under its batch id and destination'
  const { batch, pages } = (body ?? {}) as Partial<SharedBatch>
  const batchProblem = ownRecordProblem('exportBatches', batch)
  if (batchProblem !== null) return `batch: ${batchProblem}`
  if (!Array.isArray(pages)) return 'pages: not a list'
  let written = 0
  for (const [index, page] of pages.entries()) {
    const problem = ownRecordProblem('logPages', { ...page, seq: 0 })
    if (problem !== null) return `pages.${index}: ${problem}`
    if (page.batchId !== batch!.id || page.destinationId !== batch!.destinationId)
      return `pages.${index}: not a page of batch ${batch!.id}`
    if (page.first !== written) return `pages.${index}: starts at ${page.first}, not ${written}`
    written += page.entries.length
  }
  return written === batch!.entryCount
    ? null
    : `the pages hold ${written} entries, the batch counts ${batch!.entryCount}`
}

/** What a pull applied, set aside and left for later. */
export interface PullApplied {
  applied: number
  setAside: number
  /** Rows not applied this time (an export under way on this PC); pulled again next time. */
  held: number
}

/**
 * Why a row's change number cannot be taken as read (null when it can): the books give out whole
 * numbers up to their head, and a pull goes on from the last one applied, so a number past the
 * head or past exact integers would put the pull's cursor beyond every later change for good.
 */
function changeProblem(change: number, head: number): string | null {
  if (!Number.isSafeInteger(change) || change < 1)
    return `change number ${change} is not one the books give out (a whole number from 1 to ${Number.MAX_SAFE_INTEGER})`
  return change > head ? `change number ${change} is past the books’ latest, ${head}` : null
}

/**
 * Applies pulled rows in change order, in one transaction; `head` is the books' latest change
 * number as they answered the pull. Stops before an export batch while an export runs here (its
 * pages would interleave with the run's), so the change number noted is the last one fully dealt
 * with. A row whose change number is not one the books gave out is set aside without moving it.
 */
export function applyPulledRows(
  db: TillDatabase,
  rows: readonly PulledRow[],
  head: number,
  now = Date.now(),
): Promise<PullApplied> {
  return db.transaction('rw', applyTables(db), async () => {
    const result: PullApplied = { applied: 0, setAside: 0, held: 0 }
    const facts = await HeldFacts.of(db)
    result.applied += await admitWaiting(db, facts, now)
    const ordered = [...rows].sort((a, b) => a.change - b.change)
    for (const [index, row] of ordered.entries()) {
      if (row.kind === EXPORT_BATCH_KIND && (await db.exportRuns.count()) > 0) {
        result.held = ordered.length - index
        break
      }
      const badChange = changeProblem(row.change, head)
      const problem = badChange ?? pulledRowProblem(row) ?? (await namesRowAside(db, row))
      const meaning = problem === null ? meaningProblem(row, facts) : null
      const ref = sharedRef(row.kind, row.key)
      if (problem !== null || meaning !== null) {
        await setAside(db, row, problem ?? meaning!.reason, now, meaning?.waits === true)
        result.setAside++
      } else {
        // A movement kept aside for a rival stays so until the session is settled again.
        if ((await db.sharedSetAside.get(ref))?.held === undefined || row.deleted)
          await db.sharedSetAside.delete(ref)
        if (await applyValidRow(db, row)) result.applied++
        noteHeld(row, facts)
      }
      if (badChange === null) await noteAppliedChange(db, row.change)
    }
    return result
  })
}

/**
 * Why a row of the right form cannot be applied to this store (../../backup/rules/row-meaning.ts,
 * the check a restore makes too); a deletion carries nothing to check.
 */
function meaningProblem(row: PulledRow, facts: HeldFacts): MeaningProblem | null {
  if (row.deleted || !isSharedKind(row.kind)) return null
  return rowMeaningProblem(SHARED_KINDS[row.kind], row.body, facts)
}

/**
 * Why a deposit match cannot be applied for a bank line of its account set aside here, as a
 * restore sets such a match aside with its line (../../backup/tables/restored-aside.ts).
 */
async function namesRowAside(db: TillDatabase, row: PulledRow): Promise<string | null> {
  if (row.kind !== 'depositMatch' || row.deleted) return null
  const { bankAccountId, bankLineIds } = row.body as {
    bankAccountId: string
    bankLineIds: string[]
  }
  for (const id of bankLineIds)
    if (await db.sharedSetAside.get(sharedRef('statementLine', `${bankAccountId}|${id}`)))
      return `it names bank line ${id}, which is set aside`
  return null
}

function noteHeld(row: PulledRow, facts: HeldFacts): void {
  if (row.kind === 'cashMovement' && !row.deleted) facts.noteMovement(row.body as CashMovement)
}

/** Keeps a row aside under Problems with its reason; one that `waits` is tried again each pull. */
function setAside(db: TillDatabase, row: PulledRow, reason: string, now: number, waits: boolean) {
  return db.sharedSetAside.put({
    ref: sharedRef(row.kind, row.key),
    kind: row.kind,
    key: row.key,
    change: row.change,
    by: row.by,
    reason,
    raw: row.body,
    seenAt: now,
    ...(waits ? { held: { waits: row } } : {}),
  })
}

/**
 * Rows set aside to wait for what this store did not hold yet (a movement for its session),
 * applied if it holds it now; how many. Called as sessions are written, so such a row applies as
 * soon as what it waits for syncs, not at the next pull.
 */
export async function admitWaitingRows(db: TillDatabase, now = Date.now()): Promise<number> {
  const waiting = await db.sharedSetAside.filter((r) => r.held?.waits !== undefined).count()
  if (waiting === 0) return 0
  return db.transaction('rw', applyTables(db), async () =>
    admitWaiting(db, await HeldFacts.of(db), now),
  )
}

/** Rows that waited for what this store did not hold yet, applied once it does; how many. */
async function admitWaiting(db: TillDatabase, facts: HeldFacts, now: number): Promise<number> {
  let applied = 0
  for (const aside of await db.sharedSetAside
    .filter((r) => r.held?.waits !== undefined)
    .toArray()) {
    const row = aside.held!.waits!
    const meaning = meaningProblem(row, facts)
    if (meaning?.waits) continue
    await db.sharedSetAside.delete(aside.ref)
    if (meaning !== null) await setAside(db, row, meaning.reason, now, false)
    else if (await applyValidRow(db, row)) applied++
    noteHeld(row, facts)
  }
  return applied
}

/** Applies a row already validated; false when this PC's own state stands instead. */
async function applyValidRow(db: TillDatabase, row: PulledRow): Promise<boolean> {
  if (row.kind === EXPORT_BATCH_KIND) return applySharedBatch(db, sharedBatchIn(row) as SharedBatch)
  const kind = row.kind as SharedKind
  const ref = sharedRef(kind, row.key)
  const conflict = await db.sharedConflicts.get(ref)
  if (conflict && !saysTheSame(row, conflict.mine)) {
    // The books' version stands here as on every PC; this PC's waits in the conflict.
    await db.sharedConflicts.put({ ...conflict, theirs: row })
    if (await db.sharedOutbox.get(ref)) return false
    await standBooksVersion(db, kind, row)
    return true
  }
  // The books came round to this PC's version (another PC saved the same): nothing is left for
  // a person to choose, and the row applies as any other.
  if (conflict) await db.sharedConflicts.delete(ref)
  // A change of this PC waits: its push meets this row and settles it (`settleSent`).
  if (await db.sharedOutbox.get(ref)) return false
  if (((await db.sharedVersions.get(ref))?.version ?? 0) >= row.version) return false
  await standBooksVersion(db, kind, row)
  return true
}

/** The books' version of a record in the cache, with its version, change number and writer. */
async function standBooksVersion(db: TillDatabase, kind: SharedKind, row: PulledRow) {
  const { version, change, by } = row
  await db.sharedVersions.put({ ref: sharedRef(kind, row.key), version, change, by })
  await writeRecord(db, kind, row)
}

/**
 * Puts or deletes the record a row carries; a count also sets its session's status, and a count
 * deleted leaves its session as it was before it was counted.
 */
async function writeRecord(db: TillDatabase, kind: SharedKind, row: PulledRow): Promise<void> {
  const table = db.table(SHARED_KINDS[kind])
  if (kind === 'cashMovement') return writeMovement(db, row)
  if (row.deleted) {
    if (kind === 'reconciliation') await uncount(db, row.key)
    await table.bulkDelete(storedKeysOf(kind, row.key))
    return
  }
  await table.put(row.body)
  if (kind === 'reconciliation') await setCountedStatus(db, row.body as Reconciliation)
}

/**
 * A movement put or deleted, then its session settled: of rival movements two PCs made, the one
 * the books took first stands and the other is kept aside (./movement-standing.ts).
 */
async function writeMovement(db: TillDatabase, row: PulledRow): Promise<void> {
  const movement = row.deleted
    ? ((await db.cashMovements.get(row.key)) ??
      ((await db.sharedSetAside.get(sharedRef('cashMovement', row.key)))?.raw as CashMovement))
    : (row.body as CashMovement)
  if (row.deleted) await db.cashMovements.delete(row.key)
  else await db.cashMovements.put(movement)
  if (movement !== undefined) await settleMovements(db, movement.sessionId)
}

/** A session counted (or reopened) on another PC shows that here too, once this PC holds it. */
async function setCountedStatus(db: TillDatabase, stored: Reconciliation): Promise<void> {
  const record = recordSchema.parse(stored)
  const counted = record.log.at(-1)?.action === 'reconciled'
  await db.sessions.update(record.sessionId, {
    status: counted ? 'reconciled' : record.statusBefore,
  })
}

/** A session whose count goes shows the status it had before it was counted, not a count. */
async function uncount(db: TillDatabase, sessionId: string): Promise<void> {
  const stored = await db.reconciliations.get(sessionId)
  if (stored === undefined || (await db.sessions.get(sessionId))?.status !== 'reconciled') return
  await db.sessions.update(sessionId, { status: recordSchema.parse(stored).statusBefore })
}

/** Adds a batch another PC committed, its pages after this PC's; a batch held already is kept. */
async function applySharedBatch(db: TillDatabase, shared: SharedBatch): Promise<boolean> {
  if (await db.exportBatches.get(shared.batch.id)) return false
  let seq = await nextSeq(db)
  const pages = shared.pages.map((page) =>
    logPage(seq++, page.destinationId, page.batchId, page.first, page.entries, page.states),
  )
  await db.logPages.bulkAdd(pages)
  await db.exportBatches.put(shared.batch)
  return true
}

/**
 * Settles the changes sent with the books' answers, one for one. Applied: the record has its
 * new version, and leaves the outbox unless it was written again meanwhile (then it waits, from
 * the new version). Conflict: another PC saved the record first; both versions are kept for a
 * person to choose (docs/shared-books.md#conflicts), never one silently over the other.
 */
export function settleSent(
  db: TillDatabase,
  sent: readonly OutboxChange[],
  results: readonly SharedPushResult[],
): Promise<{ conflicts: number }> {
  return db.transaction('rw', applyTables(db), async () => {
    let conflicts = 0
    for (const [index, change] of sent.entries()) {
      const result = results[index]
      if (!result) break
      const waiting = await db.sharedOutbox.get(change.ref)
      const rewritten = waiting !== undefined && waiting.edits !== change.edits
      // What the books answer now settles the record afresh: a conflict held from an earlier
      // push is stale, replaced below if this answer is one too.
      await db.sharedConflicts.delete(change.ref)
      if (result.status === 'applied') {
        const { version, change: number } = result
        await db.sharedVersions.put({ ref: change.ref, version, change: number })
        if (rewritten) await db.sharedOutbox.put({ ...waiting, baseVersion: result.version })
        else await db.sharedOutbox.delete(change.ref)
        continue
      }
      await db.sharedOutbox.delete(change.ref)
      const current = result.current
      const mine = (waiting ?? change).deleted ? null : (waiting?.body ?? change.body)
      if (saysTheSame(current, mine)) {
        // The books hold this very record already (a PC joining with the records it restored),
        // deleted on both sides, or two PCs saved the same thing at different moments: nothing
        // for a person to choose, the books' save stands as if pulled.
        await standBooksVersion(db, change.kind, current)
        continue
      }
      if (pulledRowProblem(current) === null) {
        // The books' version (saved first) stands here as on every PC until a person chooses.
        await standBooksVersion(db, change.kind, current)
        await db.sharedConflicts.put({
          ref: change.ref,
          kind: change.kind,
          key: change.key,
          mine,
          theirs: current,
        })
        conflicts++
      }
    }
    return { conflicts }
  })
}

/** Whether the books' version of a record says what this PC's does, whenever each was saved. */
function saysTheSame(books: PulledRow, mine: unknown): boolean {
  if (books.deleted || mine === null) return books.deleted && mine === null
  return sameJson(withoutSaveTime(books.body), withoutSaveTime(mine))
}

function withoutSaveTime(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('savedAt' in body)) return body
  const { savedAt: _savedAt, ...rest } = body
  return rest
}

/** Whether two JSON values are equal, whatever the order of their keys (jsonb keeps its own). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  return (
    keysA.length === keysB.length &&
    keysA.every((k) =>
      sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  )
}

/** Conflicts kept for a person to choose: a record each, this PC's version and the books'. */
export function sharedConflicts(db: TillDatabase) {
  return db.sharedConflicts.toArray()
}

/** Rows pulled that did not validate, for the Problems screen. */
export function setAsideRows(db: TillDatabase) {
  return db.sharedSetAside.orderBy('ref').toArray()
}

/**
 * A person's choice between two versions of a record: `mine` goes up over the books' (from the
 * version shown, so a third change made meanwhile conflicts again); `theirs` replaces this PC's.
 */
export function chooseVersion(
  db: TillDatabase,
  ref: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  return db.transaction('rw', applyTables(db), async () => {
    const conflict = await db.sharedConflicts.get(ref)
    if (!conflict) return
    await db.sharedConflicts.delete(ref)
    const { theirs, mine } = conflict
    if (choice === 'theirs') {
      await standBooksVersion(db, conflict.kind, theirs)
      return
    }
    await db.sharedVersions.put({ ref, version: theirs.version })
    const deleted = mine === null
    await writeRecord(db, conflict.kind, { ...theirs, body: mine, deleted })
    await enqueueChange(db, conflict.kind, { key: conflict.key, body: mine, deleted })
  })
}

/** The conflict over a session's count, if two PCs counted it. */
export function countConflict(db: TillDatabase, sessionId: string) {
  return db.sharedConflicts.get(sharedRef('reconciliation', sessionId))
}
