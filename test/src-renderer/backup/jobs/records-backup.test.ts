import { afterEach, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { readMapping } from '../../../../src-renderer/exports/jobs/account-mapping'
import { listDestinations } from '../../../../src-renderer/exports/tables/destinations'
import { saveLocationName } from '../../../../src-renderer/settings/tables/location-names'
import { OWN_RECORD_TABLES } from '../../../../src-renderer/backup/tables/own-record-rows'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { exportBatches } from '../../../../src-renderer/exports/tables/export-batches'
import { sale } from '../../../support/exports/fixtures'
import { cashSessionCache, countSession, SALE_AT } from '../../../support/exports/counted-session'
import { loadReconciliation } from '../../../../src-renderer/day-close/tables/reconciliation-record'
import { replacedCount } from '../../../../src-renderer/day-close/tables/reconciliation-schema'
import { reopenSession } from '../../../../src-renderer/day-close/jobs/reconcile'
import { dump, refusedRestore, rowLine, seal, unsealed } from '../../../support/backup/seal'
import {
  backupOf,
  bills,
  closePcs,
  exportTo,
  firstPc,
  NOW,
  pc,
  TILL,
} from '../../../support/backup/pcs'

afterEach(closePcs)

const LATER = SALE_AT + 13 * 3600_000

type Line = { table: string; row: Record<string, unknown> }
const parsed = (line: string): Line => JSON.parse(line) as Line
/** Restoring `text` is refused at `line` for `reason`, and the cache is as it was. */
async function expectRefused(
  db: TillDatabase,
  text: string,
  line: number | null,
  reason: RegExp,
): Promise<void> {
  const error = await refusedRestore(db, text)
  expect(error.line).toBe(line)
  expect(error.message).toMatch(reason)
}

describe("backing up and restoring Till's records", () => {
  it('a second PC restored from the backup posts nothing again, and carries on where the first left', async () => {
    const { db: first, organisation } = await firstPc()
    const backup = await backupOf(first)
    expect(backup).not.toMatch(/api.?key|secret|whsec/i)

    const second = await pc([...bills(), sale({ id: 'b3', number: '1025' })])
    const restored = await restoreRecords(second, backup, 'store-1')
    expect(restored.rows).toBeGreaterThan(0)
    expect(restored.till).toBe(TILL)
    expect((await listDestinations(second)).map((d) => d.name)).toEqual(
      (await listDestinations(first)).map((d) => d.name),
    )
    expect(await readMapping(second)).toEqual(await readMapping(first))
    expect(await exportBatches(second)).toEqual(await exportBatches(first))
    // Only the bill the first PC never saw is new, in each destination that had posted.
    expect(await exportTo(second, 'xero', 'xero')).toEqual(['b3'])
    expect(await exportTo(second, organisation, 'xero')).toEqual(['b3'])
    expect(await exportTo(second, 'journal-csv', 'journal-csv')).toEqual(['b1', 'b2', 'b3'])
  })

  it('a recount travels whole: the reopen’s reason and the count it replaced', async () => {
    const first = await cashSessionCache()
    await countSession(first, { countedCash: 5900, countedBy: 'Ana', note: 'Short', now: LATER })
    await reopenSession(first, {
      sessionId: 'S',
      by: 'Budi',
      reason: 'Coins in the bag',
      now: LATER + 1,
    })
    await countSession(first, { countedCash: 6000, countedBy: 'Ana', note: '', now: LATER + 2 })
    const second = await pc([])
    await restoreRecords(second, await backupOf(first), 'store-1')
    first.close()
    const restored = await loadReconciliation(second, 'S')
    expect(restored.state === 'ok' && replacedCount(restored.record.log)).toEqual({
      count: expect.objectContaining({ by: 'Ana', countedCash: 5900, at: LATER }),
      reopen: { action: 'reopened', by: 'Budi', reason: 'Coins in the bag', at: LATER + 1 },
    })
  })

  it('round trip: restored into an empty cache and backed up again, the file is the same bytes', async () => {
    const { db: first } = await firstPc()
    const backup = await backupOf(first)
    const empty = await pc([])
    await restoreRecords(empty, backup, 'store-1')
    expect(await backupOf(empty)).toBe(backup)
    // Made at another time, only the header's time and the SHA-256 sealing it differ.
    const later = (await backupOf(empty, new Date('2026-11-22T01:00:00.000Z'))).split('\n')
    const lines = backup.split('\n')
    expect(later.length).toBe(lines.length)
    const differing = lines.flatMap((line, i) => (line === later[i] ? [] : [i]))
    expect(differing).toEqual([0, lines.length - 2])
    expect(later[0]).toBe(lines[0]!.replace(NOW.toISOString(), '2026-11-22T01:00:00.000Z'))
  })

  it('a dry run says what a restore would add and replace, and writes nothing', async () => {
    const { db: first } = await firstPc()
    const backup = await backupOf(first)
    const second = await pc(bills())
    await saveLocationName(second, 'loc1', 'Kemang Raya')
    await saveLocationName(second, 'loc2', 'Senopati')
    const before = await dump(second)
    const plan = await restoreRecords(second, backup, 'store-1', { dryRun: true })
    expect(await dump(second)).toEqual(before)
    const change = (table: string) => plan.changes.find((c) => c.table === table)
    expect(change('locationNames')).toEqual({ table: 'locationNames', added: 0, replaced: 1 })
    expect(change('destinations')).toMatchObject({ added: 2, replaced: 0 })
    expect(change('exportBatches')).toMatchObject({ added: 2, replaced: 0 })
    // Two destinations, each a batch of two pages (a page per bill).
    expect(change('logPages')).toEqual({ table: 'logPages', added: 4, replaced: 0 })
  })

  it('names every table in its header, with the Till that made it, and seals them in its trailer', async () => {
    const backup = await backupOf(await pc([]))
    const lines = backup.trimEnd().split('\n')
    expect(JSON.parse(lines[0]!)).toEqual({
      kind: 'till-records-backup',
      version: 6,
      storeId: 'store-1',
      createdAt: NOW.toISOString(),
      till: TILL,
      tables: [...OWN_RECORD_TABLES],
    })
    // The trailer is the one the format's description makes.
    expect(backup).toBe(seal(lines.slice(0, -1)))
  })

  it('refuses another store’s backup, a PC that has exported, a damaged file and an old one, changing nothing', async () => {
    const { db: first } = await firstPc()
    const backup = await backupOf(first)
    const other = await pc(bills())
    await expectRefused(other, backup.replace('"store-1"', '"store-2"'), 1, /store store-2/)
    await expect(restoreRecords(other, backup, 'store-2')).rejects.toThrow(
      /backup is of store store-1, not of this connection’s store store-2/,
    )
    await expectRefused(other, `${backup.slice(0, -40)}\n`, backup.split('\n').length - 1, /JSON/)
    const keyless = seal([...unsealed(backup), rowLine('exportBatches', { what: 'xero' })])
    await expectRefused(other, keyless, unsealed(backup).length + 1, /not a row of exportBatches/)
    await expectRefused(other, '{"kind":"notes"}\n', 1, /not a backup of Till’s records/)
    const version2 = unsealed(backup)
      .map((line, i) => `${i === 0 ? line.replace('"version":6', '"version":2') : line}\n`)
      .join('')
    await expectRefused(other, version2, 1, /version 2, made by an earlier Till/)

    await exportTo(other, 'journal-csv', 'journal-csv')
    await expectRefused(other, backup, null, /exported already/)
    await expect(restoreRecords(other, backup, 'store-1', { dryRun: true })).rejects.toThrow(
      /exported already/,
    )
  })

  it('refuses a forged file of log pages without their batch (they would hide entries from every export)', async () => {
    const { db: first } = await firstPc()
    const lines = unsealed(await backupOf(first))
    const pages = lines.filter((line) => parsed(line).table === 'logPages')
    expect(pages.length).toBeGreaterThan(2)
    const forged = seal([lines[0]!, ...pages])
    const second = await pc(bills())
    await expectRefused(second, forged, 2, /belongs to batch .* not a batch of destination/)
    // Pages standing for no batch at all (as states carried over from before pages) too.
    const stateOnly = pages.map((line) => {
      const { row } = parsed(line)
      return rowLine('logPages', { ...row, batchId: '', first: 0, entries: [] })
    })
    await expectRefused(second, seal([lines[0]!, ...stateOnly]), 2, /has no batch/)
  })

  it('refuses a page whose states say a bill was exported that no page holds an entry of (it would hide the bill from every export)', async () => {
    const { db: first } = await firstPc()
    const lines = unsealed(await backupOf(first))
    const at = lines.findIndex((line) => {
      const { table, row } = parsed(line)
      return table === 'logPages' && row.destinationId === 'xero'
    })
    const page = parsed(lines[at]!).row as { states: { key: string }[]; seq: number }
    const claim = { ...page.states[0]!, key: 'b3', liveEntryId: 'b3' }
    const second = await pc([...bills(), sale({ id: 'b3', number: '1025' })])
    // A page of no batch, as states carried over from before pages, claiming b3.
    const carried = rowLine('logPages', {
      ...page,
      seq: page.seq + 100,
      batchId: '',
      first: 0,
      entries: [],
      states: [claim],
      keys: [['xero', 'b3']],
    })
    await expectRefused(
      second,
      seal([...lines, carried]),
      lines.length + 1,
      /key b3 was exported, and no page before it holds an entry of that key/,
    )
    // A page of a real batch, its count kept, with b3's state slipped in beside its entries.
    const slipped = lines.map((line, i) => {
      if (i !== at) return line
      const row = parsed(line).row as { states: unknown[]; keys: unknown[] }
      return rowLine('logPages', {
        ...row,
        states: [...row.states, claim],
        keys: [...row.keys, ['xero', 'b3']],
      })
    })
    await expectRefused(
      second,
      seal(slipped),
      at + 1,
      /key b3 stands at b3, an entry the page does not hold/,
    )
    // Nothing was restored, so the bill is still there for the export.
    expect(await exportTo(second, 'xero', 'xero')).toEqual(['b1', 'b2', 'b3'])
  })

  it('refuses a file cut at a line end, and one missing a page of a batch', async () => {
    const { db: first } = await firstPc()
    const backup = await backupOf(first)
    const lines = backup.trimEnd().split('\n')
    const second = await pc(bills())
    const firstPage = lines.findIndex((line) => line.includes('"table":"logPages"'))
    const cut = lines
      .slice(0, firstPage + 1)
      .map((line) => `${line}\n`)
      .join('')
    await expectRefused(second, cut, firstPage + 1, /without its trailer: it was cut short/)
    await expectRefused(second, backup.trimEnd(), lines.length, /no line end/)
    // The same, sealed again by someone who knows the format: the batch's count gives it away.
    const batchLine = lines.findIndex((line) => line.includes('"table":"exportBatches"'))
    const resealed = seal(unsealed(backup).filter((_, i) => i !== firstPage + 1))
    await expectRefused(
      second,
      resealed,
      batchLine + 1,
      /counts 2 entries, and its log pages hold 1/,
    )
  })

  it('refuses a wrong SHA-256, and a log whose hash chain is not the trailer’s', async () => {
    const { db: first } = await firstPc()
    const backup = await backupOf(first)
    const lines = backup.trimEnd().split('\n')
    const trailer = JSON.parse(lines.at(-1)!) as { sha256: string; logs: Record<string, object> }
    const second = await pc(bills())
    const wrongSha = [...lines.slice(0, -1), JSON.stringify({ ...trailer, sha256: '0'.repeat(64) })]
    await expectRefused(second, `${wrongSha.join('\n')}\n`, lines.length, /SHA-256/)
    // A name changed with the SHA-256 made anew is caught by the unchanged chain.
    const renamed = seal(unsealed(backup)).replace('Xero, main organisation', 'Xero, main org')
    const body = renamed.trimEnd().split('\n').slice(0, -1)
    const resealed = seal(body)
    expect(resealed).not.toBe(backup)
    await expect(
      restoreRecords(second, resealed, 'store-1', { dryRun: true }),
    ).resolves.toBeTruthy()
    const swapped = JSON.parse(resealed.trimEnd().split('\n').at(-1)!) as typeof trailer
    const [a, b] = Object.keys(swapped.logs)
    const chains = { ...swapped.logs, [a!]: swapped.logs[b!]!, [b!]: swapped.logs[a!]! }
    await expectRefused(
      second,
      `${[...body, JSON.stringify({ ...swapped, logs: chains })].join('\n')}\n`,
      lines.length,
      /export log of destination .* is not the one the trailer seals/,
    )
  })

  describe('refuses rows Till would never write, naming their line', () => {
    async function refusedWith(
      change: (lines: string[]) => string[],
      reason: RegExp,
      line: (lines: string[]) => number,
    ): Promise<void> {
      const { db: first } = await firstPc()
      const lines = unsealed(await backupOf(first))
      const second = await pc(bills())
      const changed = change(lines)
      await expectRefused(second, seal(changed), line(changed), reason)
    }
    const at = (table: string) => (lines: string[]) =>
      lines.findIndex((line) => parsed(line).table === table) + 1
    const mapFirst = (table: string, edit: (line: string) => string) => (lines: string[]) => {
      const i = lines.findIndex((line) => parsed(line).table === table)
      return lines.map((line, j) => (j === i ? edit(line) : line))
    }

    it('a batch dated "not-a-date"', () =>
      refusedWith(
        mapFirst('exportBatches', (line) =>
          rowLine('exportBatches', { ...parsed(line).row, createdAt: 'not-a-date' }),
        ),
        /not a row of exportBatches: createdAt: is not a time/,
        at('exportBatches'),
      ))

    it('an amount as text', () =>
      refusedWith(
        mapFirst('logPages', (line) => line.replace(/"amount":(-?\d+)/, '"amount":"$1"')),
        /not a row of logPages: entries\.0\.entry\.lines\.\d+\.amount/,
        at('logPages'),
      ))

    it('an amount of 1e400', () =>
      refusedWith(
        mapFirst('logPages', (line) => line.replace(/"amount":(-?\d+)/, '"amount":1e400')),
        /not a row of logPages: entries\.0\.entry\.lines\.\d+\.amount/,
        at('logPages'),
      ))

    it('a second destination of the same id (hledger would turn into Xero)', () =>
      refusedWith(
        (lines) => [
          lines[0]!,
          rowLine('destinations', {
            id: 'ledger',
            name: 'hledger/ledger',
            format: 'ledger',
            periods: [{ from: '', granularity: 'bill' }],
            postedThrough: '',
          }),
          rowLine('destinations', {
            id: 'ledger',
            name: 'Xero',
            format: 'xero',
            periods: [{ from: '', granularity: 'bill' }],
            postedThrough: '',
          }),
          ...lines.slice(1),
        ],
        /a second row of destinations with id "ledger" \(the first is at 2\)/,
        () => 3,
      ))

    it('a location name of 100 MB', () =>
      refusedWith(
        (lines) => [
          ...lines,
          rowLine('locationNames', { locationId: 'loc9', name: 'x'.repeat(100 * 1024 * 1024) }),
        ],
        /the line is longer than any row Till writes/,
        (lines) => lines.length,
      ))

    it('a location name longer than Settings takes (100 characters), or on two lines', async () => {
      await refusedWith(
        (lines) => [
          ...lines,
          rowLine('locationNames', { locationId: 'loc9', name: 'x'.repeat(101) }),
        ],
        /not a row of locationNames: name: Too big/,
        (lines) => lines.length,
      )
      await refusedWith(
        (lines) => [
          ...lines,
          rowLine('locationNames', { locationId: 'loc9', name: 'Kemang\nRaya' }),
        ],
        /not a row of locationNames: name: is not one trimmed line/,
        (lines) => lines.length,
      )
    })

    it('606,756 location names', () =>
      refusedWith(
        (lines) => [
          ...lines,
          ...Array.from({ length: 606_756 }, (_, i) =>
            rowLine('locationNames', { locationId: `l${i}`, name: `Outlet ${i}` }),
          ),
        ],
        /more than 1000 location names/,
        // The first name over the bound; the backup held one name already.
        (lines) => lines.length - 606_756 + 1000,
      ))
  })
})
