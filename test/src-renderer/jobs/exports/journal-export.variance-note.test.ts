import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/cache/database'
import { sessionFigures } from '../../../../src-renderer/cache/session-tally-store'
import { writeBills } from '../../../../src-renderer/cache/writes'
import { runExport } from '../../../../src-renderer/jobs/exports/run-export'
import { confirmCount } from '../../../../src-renderer/jobs/reconcile'
import { formatClock } from '../../../../src-renderer/domain/format/time'
import { collectText } from '../../../support/exports/collect'
import { parseCsvFile } from '../../../support/exports/csv-parse'
import { makeBill } from '../../../support/bill-factory'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/** A confirmed count's variance reaches the books with who counted it and the manager's note. */

const DAY = Date.UTC(2026, 10, 20, 3, 0)
const LATER = DAY + 13 * 3600_000

let db: TillDatabase | undefined
afterEach(() => db?.close())

it('the exported variance entry names who counted and carries the note', async () => {
  db = new TillDatabase(`till-variance-note-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const sale = makeBill({
    id: 'A',
    session: 'S',
    lines: [5000],
    payments: [{ method: 'cash', amount: 5000 }],
  })
  await writeBills(db, {
    bills: [sale],
    quarantined: [],
    detailPriority: 1,
    timeZone: 'Asia/Jakarta',
    now: DAY,
  })
  await db.sessions.update('S', { openingCash: 1000 })
  await db.checkpoints.put({
    key: 'bills',
    backfillPage: null,
    backfillDone: true,
    cursor: null,
    cursorPage: 1,
    lastSuccessAt: DAY,
  })
  await confirmCount(db, {
    sessionId: 'S',
    count: { countedCash: 5950, countedByMethod: {} },
    countedBy: 'Ana Putri',
    varianceNote: 'Float short by 50; owner took change',
    seen: await sessionFigures(db, (await db.sessions.get('S'))!),
    currency: 'USD',
    now: LATER,
  })

  const text = await collectText(
    runExport({
      db,
      what: 'journal-csv',
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
      now: () => new Date(LATER),
    }),
  )
  const variance = parseCsvFile(text).filter((row) => row['entry_id'] === 'session:S:variance')
  expect(variance.length).toBeGreaterThan(0)
  // The session by its label: its day, its location's name, its hours, and no close time
  // recorded (the cache never saw its close, and it stopped trading 13 hours ago).
  const opened = formatClock(DAY, 'Asia/Jakarta')
  for (const row of variance)
    expect(row['description']).toBe(
      `Cash count variance, Fri 20 Nov · Location 101 · ${opened}–close not recorded, counted by Ana Putri: Float short by 50; owner took change`,
    )
})
