import { afterEach, describe, expect, it } from 'vitest'
import {
  OwnRecordsCheck,
  type OwnRecordRow,
} from '../../../../src-renderer/backup/tables/own-records'
import type { OwnRecordTable } from '../../../../src-renderer/backup/tables/own-record-rows'
import { backupOf, closePcs, firstPc } from '../../../support/backup/pcs'

/**
 * The checks of Till's own records on rows that come from no file (as rows pulled from shared
 * books will): numbered by the caller, each refusal names the row.
 */

afterEach(closePcs)

/** A real PC's records as rows, numbered from 100. */
async function realRows(): Promise<OwnRecordRow[]> {
  const lines = (await backupOf((await firstPc()).db)).trimEnd().split('\n').slice(1, -1)
  return lines.map((line, i) => {
    const { table, row } = JSON.parse(line) as { table: OwnRecordTable; row: unknown }
    return { table, row, at: 100 + i }
  })
}

function check(rows: readonly OwnRecordRow[]): unknown {
  const checking = new OwnRecordsCheck()
  try {
    rows.forEach((row) => checking.add(row))
    return checking.finish()
  } catch (error) {
    return error
  }
}

describe("checking Till's own records", () => {
  it('takes a real PC’s records, and gives each destination’s log size', async () => {
    const result = check(await realRows()) as { logs: Map<string, unknown> }
    expect([...result.logs.values()]).toEqual([
      { batches: 1, pages: 2, entries: 2 },
      { batches: 1, pages: 2, entries: 2 },
    ])
  })

  it('refuses log pages whose batch is missing, naming the first page', async () => {
    const rows = (await realRows()).filter((r) => r.table !== 'exportBatches')
    const firstPage = rows.find((r) => r.table === 'logPages')!
    expect(check(rows)).toMatchObject({ name: 'OwnRecordsError', at: firstPage.at })
  })

  it('refuses a batch whose pages hold fewer entries than it counts', async () => {
    const rows = await realRows()
    const lastPage = rows.findLastIndex((r) => r.table === 'logPages')
    const batch = rows.findLast((r) => r.table === 'exportBatches')!
    expect(check(rows.filter((_, i) => i !== lastPage))).toMatchObject({
      at: batch.at,
      reason: expect.stringMatching(/counts 2 entries, and its log pages hold 1/),
    })
  })

  it('refuses an id of __proto__ and a second row of one key', async () => {
    const rows = await realRows()
    const name = { table: 'locationNames' as const, row: { locationId: '__proto__', name: 'X' } }
    expect(check([...rows, { ...name, at: 1 }])).toMatchObject({ at: 1 })
    const twice = { table: 'locationNames' as const, row: { locationId: 'loc1', name: 'Y' }, at: 2 }
    expect(check([...rows, twice])).toMatchObject({
      at: 2,
      reason: expect.stringMatching(/a second row of locationNames with locationId "loc1"/),
    })
  })
})
