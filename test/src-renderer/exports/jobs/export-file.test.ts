import { afterEach, describe, expect, it } from 'vitest'
import { billFacets } from '../../../../src-renderer/sessions/tables/bill-facets'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import {
  addDestination,
  readDestination,
} from '../../../../src-renderer/exports/tables/destinations'
import type { ExportRange } from '../../../../src-renderer/exports/tables/export-rows'
import { saveLocationName } from '../../../../src-renderer/settings/tables/location-names'
import {
  batchFileName,
  journalExportFile,
  tableExportFile,
} from '../../../../src-renderer/exports/jobs/export-file'
import {
  exportBatches,
  runExport,
  type ExportResult,
  type RunExportOptions,
} from '../../../../src-renderer/exports/jobs/run-export'
import { allLogged } from '../../../support/exports/log-pages'
import { sale } from '../../../support/exports/fixtures'
import { EMPTY_MAPPING } from '../../../support/journal-context'
import { backupOf, closePcs, pc } from '../../../support/backup/pcs'
import { ownRecordProblem } from '../../../../src-renderer/backup/tables/own-record-rows'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'

afterEach(closePcs)

const DAY: ExportRange = { from: '2026-11-20', to: '2026-11-20', locationId: '' }

async function newSale(db: TillDatabase, n: number): Promise<void> {
  const bill = sale({ id: `b${n}`, number: String(1000 + n), payments: [] })
  await db.bills.put({ ...bill, ...billFacets(bill) })
}

async function exportWith(
  db: TillDatabase,
  destinationId: string,
  file: RunExportOptions['file'],
  range = DAY,
): Promise<ExportResult> {
  const destination = await readDestination(db, destinationId)
  const exports = runExport({
    db,
    what: destination.format,
    destinationId,
    range,
    mapping: EMPTY_MAPPING,
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
    file,
  })
  for (;;) {
    const next = await exports.next()
    if (next.done) return next.value
  }
}

describe('journal export files', () => {
  it('never repeat a name over many exports of one range, and Download again gives each its own', async () => {
    const db = await pc([])
    const xero = await readDestination(db, 'xero')
    const names: string[] = []
    for (let n = 1; n <= 25; n++) {
      await newSale(db, n)
      const file = await journalExportFile(db, xero, DAY)
      expect(file.number).toBe(n)
      const { batch } = await exportWith(db, 'xero', file)
      expect(batch?.number).toBe(n)
      names.push(file.name)
    }
    expect(new Set(names).size).toBe(25)
    expect(names[0]).toBe('till-xero-2026-11-20-batch-1.csv')
    const batches = await exportBatches(db)
    expect(batches.map(batchFileName).sort()).toEqual([...names].sort())
  })

  it('name the location of a range limited to one, by its name', async () => {
    const db = await pc([sale()])
    await saveLocationName(db, 'loc1', 'Kemang Raya')
    const file = await journalExportFile(db, await readDestination(db, 'ledger'), {
      ...DAY,
      locationId: 'loc1',
    })
    expect(file.name).toBe('till-hledger-ledger-2026-11-20-kemang-raya-batch-1.journal')
  })

  it('differ between destinations whose names read alike in a file name', async () => {
    const db = await pc([])
    const first = await addDestination(db, 'Kopi: books', 'xero')
    const second = await addDestination(db, 'Kopi books!', 'xero')
    await newSale(db, 1)
    const one = await journalExportFile(db, first, DAY)
    await exportWith(db, first.id, one)
    const two = await journalExportFile(db, second, DAY)
    await exportWith(db, second.id, two)
    expect(one.name).toBe('till-kopi-books-2026-11-20-batch-1.csv')
    expect(two.name).not.toBe(one.name)
    expect(two.name).toMatch(/^till-kopi-books-[a-z0-9-]+-2026-11-20-batch-1\.csv$/)
  })

  it('refuse a number another export took meanwhile: nothing is logged, and the next try posts', async () => {
    const db = await pc([])
    await newSale(db, 1)
    const xero = await readDestination(db, 'xero')
    const mine = await journalExportFile(db, xero, DAY)
    const theirs = await journalExportFile(db, xero, DAY)
    await exportWith(db, 'xero', theirs)
    await newSale(db, 2)
    const logged = (await allLogged(db)).length
    await expect(exportWith(db, 'xero', mine)).rejects.toThrow(
      /^Another export to Xero took batch 1 while this one ran: export again\.$/,
    )
    expect((await allLogged(db)).length).toBe(logged)
    expect(await exportBatches(db)).toHaveLength(1)
    const again = await journalExportFile(db, xero, DAY)
    expect(again.number).toBe(2)
    expect((await exportWith(db, 'xero', again)).batch?.fileName).toBe(again.name)
  })

  it('number on after batches from before Till numbered them, which keep the name they had', async () => {
    const db = await pc([])
    await newSale(db, 1)
    await exportWith(db, 'journal-csv', undefined)
    const [old] = await exportBatches(db)
    const { number: _number, fileName: _fileName, ...unnumbered } = old!
    await db.exportBatches.put(unnumbered)
    expect(batchFileName(unnumbered)).toBe('till-journal-csv-2026-11-20.csv')
    const next = await journalExportFile(db, await readDestination(db, 'journal-csv'), DAY)
    expect(next).toEqual({ number: 2, name: 'till-generic-csv-journal-2026-11-20-batch-2.csv' })
  })
})

it('a batch keeps its number and name through a backup, which refuses a name that is not a plain file name', async () => {
  const first = await pc([])
  await newSale(first, 1)
  const file = await journalExportFile(first, await readDestination(first, 'beancount'), DAY)
  await exportWith(first, 'beancount', file)
  const second = await pc([])
  await restoreRecords(second, await backupOf(first), 'store-1')
  const [restored] = await exportBatches(second)
  expect(restored).toMatchObject({
    number: 1,
    fileName: 'till-beancount-2026-11-20-batch-1.beancount',
  })
  expect(batchFileName(restored!)).toBe(file.name)
  expect(ownRecordProblem('exportBatches', { ...restored, fileName: '../../.bashrc' })).toMatch(
    /^fileName: /,
  )
  expect(ownRecordProblem('exportBatches', { ...restored, number: 0 })).toMatch(/^number: /)
})

describe('table export files', () => {
  it('take the next number of their table each time, so none repeats', async () => {
    const db = await pc([])
    const names = []
    for (let n = 0; n < 12; n++) names.push(await tableExportFile(db, 'bills', DAY))
    names.push(await tableExportFile(db, 'expenses', DAY))
    expect(new Set(names).size).toBe(13)
    expect(names[0]).toBe('till-bills-2026-11-20-export-1.csv')
    expect(names[11]).toBe('till-bills-2026-11-20-export-12.csv')
    expect(names[12]).toBe('till-expenses-2026-11-20-export-1.csv')
  })
})
