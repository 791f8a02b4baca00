import Dexie, { liveQuery } from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { readdirSync, readFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, beforeAll, expect, it } from 'vitest'

/**
 * patches/dexie+4.4.7.patch: a live query idle between runs forgets the writes it does not read.
 * Unpatched, Dexie keeps every key written anywhere in the database until a write touches a table
 * the query read, so a screen left open over tables that never change grows with every bill synced.
 */

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

class Shop extends Dexie {
  declare bills: Dexie.Table<{ id: string; text: string }, string>
  declare settings: Dexie.Table<{ id: string; value: number }, string>
  constructor() {
    super(`dexie-patch-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
    this.version(1).stores({ bills: 'id', settings: 'id' })
  }
}

let db: Shop
const turns = () => new Promise((resolve) => setTimeout(resolve, 20))

// Live queries run only where Dexie finds an IndexedDB of its own (a browser's; here the fake).
beforeAll(() => {
  Dexie.dependencies.indexedDB = new IDBFactory()
  Dexie.dependencies.IDBKeyRange = IDBKeyRange
})
afterEach(() => db?.close())

async function heapHeld(): Promise<number> {
  await turns()
  collectGarbage()
  return process.memoryUsage().heapUsed
}

async function billsComeAndGo(from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    await db.bills.put({ id: `bill-${i}`, text: 'a passing bill' })
    await db.bills.delete(`bill-${i}`)
  }
}

it('an idle live query over the settings holds nothing for the bills written meanwhile', async () => {
  db = new Shop()
  const seen: number[] = []
  const subscription = liveQuery(() => db.settings.count()).subscribe((n) => seen.push(n))
  await billsComeAndGo(0, 200)
  const before = await heapHeld()
  const bills = 20_000
  await billsComeAndGo(200, bills)
  const held = (await heapHeld()) - before
  subscription.unsubscribe()
  // Unpatched it holds every key written: about 200 bytes a bill. Patched it holds none; what is
  // measured then is the heap's own noise, under 60 bytes a bill on a loaded CI machine.
  expect(held / bills).toBeLessThan(100)
}, 120_000)

it('still hears a write to what it reads, however many others came between', async () => {
  db = new Shop()
  const seen: number[] = []
  const subscription = liveQuery(() => db.settings.count()).subscribe((n) => seen.push(n))
  await turns()
  await billsComeAndGo(0, 50)
  await db.settings.put({ id: 'float', value: 1 })
  await turns()
  await billsComeAndGo(50, 50)
  await db.settings.put({ id: 'fee', value: 2 })
  await turns()
  subscription.unsubscribe()
  expect(seen).toEqual([0, 1, 2])
})

it('hears a write made while it was reading', async () => {
  db = new Shop()
  const seen: number[] = []
  let reads = 0
  const subscription = liveQuery(async () => {
    reads++
    const n = await db.settings.count()
    // The first read is slow: a write lands between its start and its end.
    if (reads === 1) await new Promise((resolve) => setTimeout(resolve, 50))
    return n
  }).subscribe((n) => seen.push(n))
  await new Promise((resolve) => setTimeout(resolve, 10))
  await db.settings.put({ id: 'float', value: 1 })
  await new Promise((resolve) => setTimeout(resolve, 150))
  subscription.unsubscribe()
  expect(seen.at(-1)).toBe(1)
})

it('is pinned in package.json and the lock file to the version its patch was made for', () => {
  const project = (path: string) => new URL(`../../${path}`, import.meta.url)
  const json = (path: string) => JSON.parse(readFileSync(project(path), 'utf8'))
  const patch = readdirSync(project('patches')).find((name) => name.startsWith('dexie+'))
  const patched = /^dexie\+(.+)\.patch$/.exec(patch ?? '')?.[1]
  const lock = json('package-lock.json')
  // A range (^4.4.7) lets an `npm update`, or an install without the lock file, take a Dexie the
  // patch was not made for.
  expect(patched).toBeDefined()
  expect(json('package.json').dependencies.dexie).toBe(patched)
  expect(lock.packages[''].dependencies.dexie).toBe(patched)
  expect(lock.packages['node_modules/dexie'].version).toBe(patched)
})
