import { afterEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { switchGranularity } from '../../../../src-renderer/exports/tables/destinations'
import { saveLocationName } from '../../../../src-renderer/settings/tables/location-names'
import { formatClock } from '../../../../src-renderer/format/time'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { cashSessionCache, SALE_AT } from '../../../support/exports/counted-session'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/** A session summary is narrated by the session's one name; its id stays a tag for machines. */

let db: TillDatabase | undefined
afterEach(() => db?.close())

async function summaryOf(database: TillDatabase, at: number): Promise<string> {
  const text = await collectText(
    runExport({
      db: database,
      what: 'ledger',
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
      dryRun: true,
      // A session that can still trade is held back unless the export includes it.
      includeOpen: true,
      now: () => new Date(at),
    }),
  )
  const entry = text.split('\n2026').find((part) => part.includes('entry_id: session:S'))
  if (!entry) throw new Error(`no summary of S in\n${text}`)
  return entry
}

it('names the session by day, location name and hours: open while it can trade, then without a close time', async () => {
  db = await cashSessionCache()
  await saveLocationName(db, '101', 'Salmiya')
  await switchGranularity(db, 'ledger', 'session', null)
  const opened = formatClock(SALE_AT, 'Asia/Jakarta')

  const trading = await summaryOf(db, SALE_AT + 3600_000)
  expect(trading).toContain(`* Register session Fri 20 Nov · Salmiya · ${opened}–open\n`)
  expect(trading).toContain('; register_session_id: S\n')

  // No close event ever came, and no bill for 13 hours: the session is over, its close unknown.
  const over = await summaryOf(db, SALE_AT + 13 * 3600_000)
  expect(over).toContain(`* Register session Fri 20 Nov · Salmiya · ${opened}–close not recorded\n`)
})
