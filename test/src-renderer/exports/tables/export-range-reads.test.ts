import { IDBFactory, IDBIndex, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { billFacets } from '../../../../src-renderer/sessions/tables/bill-facets'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { locationBillPages } from '../../../../src-renderer/exports/tables/export-range-reads'
import type { ExportRange } from '../../../../src-renderer/exports/tables/export-rows'
import { sale } from '../../../support/exports/fixtures'

let db: TillDatabase | undefined
afterEach(() => {
  vi.restoreAllMocks()
  db?.close()
})

/** Bills a day at two locations: the busy day and a quiet one, with two empty days between. */
const DAYS: Record<string, number> = { '2026-11-02': 7, '2026-11-05': 2 }

async function shop(): Promise<{ database: TillDatabase; loc1: string[] }> {
  const bills = ['loc1', 'loc2'].flatMap((locationId) =>
    Object.entries(DAYS).flatMap(([businessDate, count]) =>
      // Ids put in an order unlike the one read: the reads give them by id.
      Array.from({ length: count }, (_, i) => {
        const id = `${locationId}-${businessDate}-${String(count - i).padStart(2, '0')}`
        return sale({ id, number: id, locationId, businessDate })
      }),
    ),
  )
  db = new TillDatabase(`till-range-reads-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  await db.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  const loc1 = bills
    .filter((b) => b.locationId === 'loc1')
    .map((b) => `${b.businessDate} ${b.id}`)
    .sort()
    .map((key) => key.split(' ')[1]!)
  return { database: db, loc1 }
}

const RANGE: ExportRange = { from: '2026-11-01', to: '2026-11-06', locationId: 'loc1' }

async function pagesOf(database: TillDatabase, size: number, dayAtOnce?: number) {
  const pages: string[][] = []
  for await (const page of locationBillPages(database, 'loc1', RANGE, size, dayAtOnce))
    pages.push(page.map((b) => b.id))
  return pages
}

describe("one location's bills of an export's range", () => {
  it('come by business date and id in full pages, whether a day is read at once or by key', async () => {
    const { database, loc1 } = await shop()
    for (const dayAtOnce of [undefined, 3]) {
      const pages = await pagesOf(database, 4, dayAtOnce)
      expect(pages.flat()).toEqual(loc1)
      expect(pages.map((p) => p.length)).toEqual([4, 4, 1])
    }
  })

  it('hand on each bill once when the first page reaches into a second day', async () => {
    const { database, loc1 } = await shop()
    for (const dayAtOnce of [undefined, 3]) {
      const pages = await pagesOf(database, 8, dayAtOnce)
      expect(pages.flat()).toEqual(loc1)
      expect(pages.map((p) => p.length)).toEqual([8, 1])
    }
  })

  it('reads the first page on its own, then a day in one request, and a busier day by key', async () => {
    const { database } = await shop()
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll')
    const get = vi.spyOn(IDBObjectStore.prototype, 'get')
    await pagesOf(database, 4)
    // The first page, then the two days with bills, each read whole; the empty days are skipped.
    expect(getAll).toHaveBeenCalledTimes(3)
    expect(get).not.toHaveBeenCalled()

    getAll.mockClear()
    await pagesOf(database, 4, 3)
    // The first page and the quiet day: the busy day's three bills past the first page by key.
    expect(getAll).toHaveBeenCalledTimes(2)
    expect(get).toHaveBeenCalledTimes(3)
  })

  it('stops reading when the range has no bill of the location', async () => {
    const { database } = await shop()
    const pages: string[][] = []
    const empty = { ...RANGE, from: '2026-11-03', to: '2026-11-04' }
    for await (const page of locationBillPages(database, 'loc1', empty, 4))
      pages.push(page.map((b) => b.id))
    expect(pages).toEqual([])
  })
})
