import { afterEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { formatClock } from '../../../../src-renderer/format/time'
import { collectText } from '../../../support/exports/collect'
import { parseCsvFile } from '../../../support/exports/csv-parse'
import { cashSessionCache, countSession, SALE_AT } from '../../../support/exports/counted-session'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/** A confirmed count's variance reaches the books with who counted it and the manager's note. */

const LATER = SALE_AT + 13 * 3600_000

let db: TillDatabase | undefined
afterEach(() => db?.close())

it('the exported variance entry names who counted and carries the note', async () => {
  db = await cashSessionCache()
  await countSession(db, {
    countedCash: 5950,
    countedBy: 'Ana Putri',
    note: 'Float short by 50; owner took change',
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
  const opened = formatClock(SALE_AT, 'Asia/Jakarta')
  for (const row of variance)
    expect(row['description']).toBe(
      `Cash count variance, Fri 20 Nov · Location 101 · ${opened}–close not recorded, counted by Ana Putri: Float short by 50; owner took change`,
    )
})
