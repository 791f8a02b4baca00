import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import {
  defaultTarget,
  withLocationNames,
  writeJournal,
  type JournalFormat,
} from '../../../../../src-renderer/exports/rules/formats/journal-formats'
import type { JournalEntry } from '../../../../../src-renderer/exports/rules/journal-entry'
import { collectText } from '../../../../support/exports/collect'
import { parseCsv } from '../../../../support/exports/csv-parse'
import { perBill } from '../../../../support/exports/journals'
import { shopArbitrary } from '../../../../support/exports/shop'
import { checkedBeanQuery, journalFolder, toolOutput } from '../../../../support/exports/tools'

/**
 * Every format that has a place for it carries the location's name beside its id, read back by
 * the real tools; a name's syntax stays inert, and a location without a name is "Location <id>".
 */

const folder = journalFolder('till-location-names-')
afterAll(folder.remove)

// Beancount's string escapes, hledger's comma, ledger's `key::` and `[date]`, tags `:a:b:`.
const AWKWARD = 'Cabang "Dua": Jl. Merdeka, No. 5 [2026-01-01] 100% \\ :a:b: x::y'
const NAMES = { loc1: AWKWARD }
const EXPECTED: Record<string, string> = { loc1: AWKWARD, loc2: 'Location loc2' }

function entries(): JournalEntry[] {
  const shops = fc.sample(shopArbitrary({ consistent: false }), { seed: 23, numRuns: 3 })
  const list = shops
    .flatMap((shop, i) => perBill(shop).entries.map((e) => ({ ...e, id: `${i}/${e.id}` })))
    .filter((e) => e.lines.length > 0)
  expect(new Set(list.map((e) => e.locationId))).toEqual(new Set(['loc1', 'loc2']))
  return list
}

async function written(format: JournalFormat, list: JournalEntry[]): Promise<string> {
  return collectText(writeJournal(withLocationNames(defaultTarget(format), NAMES), [list]))
}

/** Each entry's location id and name as read back, once per entry. */
function pairs(list: readonly JournalEntry[]): string[][] {
  return list.map((e) => [e.locationId, EXPECTED[e.locationId]!])
}

describe('location names in every journal format', () => {
  const list = entries()

  it('hledger reads a location_name tag beside location_id', async () => {
    const path = folder.file('journal', await written('ledger', list))
    const { stdout, stderr } = await toolOutput('hledger', [
      '--strict',
      '-f',
      path,
      'print',
      '-O',
      'json',
    ])
    expect(stderr).toBe('')
    const read = (JSON.parse(stdout) as { ttags: [string, string][] }[]).map((t) => {
      const tags = new Map(t.ttags)
      // A tag's value is percent-encoded where hledger would end it (ledger.ts).
      return [tags.get('location_id'), decodeURIComponent(tags.get('location_name') ?? '')]
    })
    // hledger prints in date order.
    expect(read.sort()).toEqual(pairs(list).sort())
  })

  it('ledger reads the same tag', async () => {
    const path = folder.file('journal', await written('ledger', list))
    const { stdout, stderr } = await toolOutput('ledger', [
      '--strict',
      '-f',
      path,
      'register',
      '--format',
      '%(tag("entry_id"))\t%(tag("location_id"))\t%(tag("location_name"))\n',
    ])
    expect(stderr).toBe('')
    // A line per posting, each with its transaction's tags: one per entry, in order.
    const byEntry = new Map(
      stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t'))
        .map(([entry, location, name = '']) => [entry, [location, decodeURIComponent(name)]]),
    )
    expect([...byEntry.values()]).toEqual(pairs(list))
  })

  it('beancount reads location_name metadata', async () => {
    const path = folder.file('beancount', await written('beancount', list))
    const rows = await checkedBeanQuery(
      path,
      "SELECT DISTINCT entry_meta('entry_id') AS id, entry_meta('location_id') AS location, entry_meta('location_name') AS name",
    )
    const read = rows.map(([, location = '', name = '']) => [location.trim(), name.trim()])
    expect(read.sort()).toEqual(pairs(list).sort())
  })

  it('the generic CSV has a location_name column beside location_id', async () => {
    const [header, ...rows] = parseCsv((await written('journal-csv', list)).replace(/^\uFEFF/, ''))
    const at = header!.indexOf('location_name')
    expect(at).toBe(header!.indexOf('location_id') + 1)
    const read = rows.filter((r) => r.length > 1).map((r) => [r[at - 1], r[at]])
    expect(new Set(read.map((r) => r.join('|')))).toEqual(
      new Set(pairs(list).map((r) => r.join('|'))),
    )
  })

  it('a target kept without names (a batch from before) writes no name', async () => {
    for (const format of ['ledger', 'beancount', 'journal-csv'] as const) {
      const text = await collectText(writeJournal(defaultTarget(format), [list]))
      expect(text).toContain('location_id')
      expect(text).not.toContain('location_name')
    }
  })
})
