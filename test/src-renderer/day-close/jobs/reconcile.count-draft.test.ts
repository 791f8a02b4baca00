import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { sessionFigures } from '../../../../src-renderer/sessions/tables/session-tally-store'
import { confirmCount, ReconcileError } from '../../../../src-renderer/day-close/jobs/reconcile'
import { readReconciliation } from '../../../../src-renderer/day-close/tables/reconciliation-schema'
import {
  loadCountDraft,
  saveCountDraft,
  NO_DRAFT_FIELDS,
} from '../../../../src-renderer/day-close/tables/count-drafts'
import { ownRecordProblem } from '../../../../src-renderer/backup/tables/own-record-rows'
import type { CountedDenomination } from '../../../../src-renderer/day-close/rules/denominations'
import { makeBill } from '../../../support/bill-factory'
import { writeSyncedBills } from '../../../support/synced-bills'

/** A USD session that took 40.00 in cash, over and synced: its drawer holds 40.00. */
const DAY = Date.UTC(2026, 10, 20, 3, 0)
const LATER = DAY + 13 * 3600_000

let db: TillDatabase

beforeEach(async () => {
  db = new TillDatabase('till-count-draft-test', { indexedDB: new IDBFactory(), IDBKeyRange })
  await writeSyncedBills(
    db,
    [
      makeBill({
        id: 'A',
        session: 'S',
        lines: [4000],
        payments: [{ method: 'cash', amount: 4000 }],
      }),
      makeBill({
        id: 'B',
        session: 'T',
        lines: [100],
        payments: [{ method: 'cash', amount: 100 }],
      }),
    ],
    DAY,
  )
  await db.sessions.update('S', { openingCash: 0 })
})

const twenty = (pieces: number): CountedDenomination => ({ value: 2000, kind: 'note', pieces })
const quarter = (pieces: number): CountedDenomination => ({ value: 25, kind: 'coin', pieces })

async function confirm(countedCash: number, breakdown: CountedDenomination[] | null) {
  return confirmCount(db, {
    sessionId: 'S',
    count: { countedCash, countedByMethod: {} },
    countedBy: 'AB',
    varianceNote: countedCash === 4000 ? '' : 'Change given short',
    seen: await sessionFigures(db, (await db.sessions.get('S'))!),
    currency: 'USD',
    breakdown,
    now: LATER,
  })
}

const draftOf = (sessionId: string, note: string) =>
  saveCountDraft(db, sessionId, { ...NO_DRAFT_FIELDS, note }, DAY + 60_000)

describe('a count made of notes and coins', () => {
  it('keeps the notes and coins counted with the count, the ones with no pieces left out', async () => {
    const record = await confirm(4025, [
      twenty(2),
      { value: 1000, kind: 'note', pieces: 0 },
      quarter(1),
    ])
    expect(record.breakdown).toEqual([twenty(2), quarter(1)])
    const read = readReconciliation(await db.reconciliations.get('S'))
    expect(read.state === 'ok' && read.record.breakdown).toEqual([twenty(2), quarter(1)])
    // It travels in a backup as part of the reconciliation, checked like the rest of the row.
    expect(ownRecordProblem('reconciliations', record)).toBeNull()
    expect(
      ownRecordProblem('reconciliations', {
        ...record,
        breakdown: [{ ...twenty(2), pieces: 2.5 }],
      }),
    ).toMatch(/^breakdown\.0\.pieces: /)
  })

  it('is refused when the notes and coins do not add up to the counted cash, or are not whole pieces', async () => {
    await expect(confirm(4000, [twenty(2), quarter(1)])).rejects.toThrow(
      new ReconcileError('The notes and coins add up to $40.25, not the counted cash $40.00.'),
    )
    await expect(confirm(4000, [twenty(2.5)])).rejects.toThrow(ReconcileError)
    await expect(confirm(4000, [twenty(-2)])).rejects.toThrow(ReconcileError)
    await expect(confirm(4000, [twenty(1), twenty(1)])).rejects.toThrow(
      'The notes and coins counted: Each note is listed once.',
    )
    await expect(confirm(4000, [{ value: 0.5, kind: 'coin', pieces: 8000 }])).rejects.toThrow(
      'The notes and coins counted: Each coin is worth more than 0, in whole minor units.',
    )
    expect(await db.reconciliations.count()).toBe(0)
  })

  it('is none for a count typed as an amount', async () => {
    expect((await confirm(4000, null)).breakdown).toBeNull()
  })

  it('is none when no note or coin has a piece: an empty drawer', async () => {
    expect((await confirm(0, [twenty(0), quarter(0)])).breakdown).toBeNull()
  })
})

describe('a count’s draft', () => {
  it('goes with the confirm of its session, and only its session’s', async () => {
    await draftOf('S', 'half counted')
    await draftOf('T', 'the other drawer')
    await confirm(4000, [twenty(2)])
    expect(await loadCountDraft(db, 'S')).toBeNull()
    expect((await loadCountDraft(db, 'T'))?.fields.note).toBe('the other drawer')
  })

  it('stays when the confirm is refused', async () => {
    await draftOf('S', 'half counted')
    await expect(confirm(4000, [twenty(1)])).rejects.toThrow(ReconcileError)
    expect((await loadCountDraft(db, 'S'))?.fields.note).toBe('half counted')
  })

  it('stays when the figures moved under the count', async () => {
    await draftOf('S', 'half counted')
    const seen = await sessionFigures(db, (await db.sessions.get('S'))!)
    await db.sessions.update('S', { openingCash: 500 })
    await expect(
      confirmCount(db, {
        sessionId: 'S',
        count: { countedCash: 4000, countedByMethod: {} },
        countedBy: 'AB',
        seen,
        currency: 'USD',
        now: LATER,
      }),
    ).rejects.toMatchObject({ name: 'FiguresChangedError' })
    expect((await loadCountDraft(db, 'S'))?.fields.note).toBe('half counted')
  })
})
