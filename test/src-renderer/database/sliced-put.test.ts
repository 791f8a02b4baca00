import Dexie, { type Table } from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { putInSlices } from '../../../src-renderer/database/sliced-put'

interface Row {
  id: string
  n: number
}

let db: Dexie & { rows: Table<Row, string> }
beforeEach(async () => {
  db = new Dexie('sliced-put', { indexedDB: new IDBFactory(), IDBKeyRange }) as typeof db
  db.version(1).stores({ rows: 'id' })
  await db.open()
})
afterEach(() => db.close())

const rows = (count: number, n = 0): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${String(i).padStart(4, '0')}`, n }))

/** Watches the rows' `bulkPut`: each slice's size, and when it is handed over and stored. */
function watchSlices() {
  const sizes: number[] = []
  const events: string[] = []
  let inFlight = 0
  let most = 0
  const bulkPut = db.rows.bulkPut.bind(db.rows)
  vi.spyOn(db.rows, 'bulkPut').mockImplementation(((items: readonly Row[]) => {
    const slice = sizes.push(items.length) - 1
    events.push(`hand ${slice}`)
    most = Math.max(most, ++inFlight)
    return bulkPut(items as Row[]).then((key) => {
      inFlight--
      events.push(`stored ${slice}`)
      return key
    })
  }) as typeof db.rows.bulkPut)
  return { sizes, events, mostInFlight: () => most }
}

it('stores every record, none handed over more than 20 at a time, the later of one key winning', async () => {
  const { sizes } = watchSlices()
  // 201 records: the last names the first record's key again.
  const records = [...rows(200), { id: 'r0000', n: 7 }]
  await db.transaction('rw', db.rows, () => putInSlices(db.rows, records))
  vi.restoreAllMocks()

  expect(sizes.reduce((a, b) => a + b, 0)).toBe(201)
  expect(Math.max(...sizes)).toBeLessThanOrEqual(20)
  expect(sizes.length).toBeGreaterThan(1)
  expect(await db.rows.count()).toBe(200)
  expect((await db.rows.get('r0000'))?.n).toBe(7)
  expect((await db.rows.get('r0199'))?.n).toBe(0)
})

it('hands the first slice over alone, then keeps two in flight', async () => {
  const { events, mostInFlight } = watchSlices()
  await db.transaction('rw', db.rows, () => putInSlices(db.rows, rows(100)))
  vi.restoreAllMocks()

  expect(events.slice(0, 4)).toEqual(['hand 0', 'stored 0', 'hand 1', 'hand 2'])
  expect(events.filter((e) => e.startsWith('hand'))).toHaveLength(5)
  expect(mostInFlight()).toBe(2)
  expect(await db.rows.count()).toBe(100)
})

it('hands nothing over for no records', async () => {
  const { sizes } = watchSlices()
  await db.transaction('rw', db.rows, () => putInSlices(db.rows, []))
  vi.restoreAllMocks()
  expect(sizes).toEqual([])
})

it('keeps the write one transaction: a bad record in a late slice leaves nothing stored', async () => {
  await db.rows.bulkPut(rows(3, 1))
  const records: Row[] = [...rows(150, 2), { n: 3 } as Row]
  await expect(db.transaction('rw', db.rows, () => putInSlices(db.rows, records))).rejects.toThrow()
  expect(await db.rows.count()).toBe(3)
  expect((await db.rows.toArray()).map((r) => r.n)).toEqual([1, 1, 1])
})
