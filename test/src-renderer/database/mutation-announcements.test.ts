import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import Dexie, { liveQuery, type ObservabilitySet } from 'dexie'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { TillDatabase } from '../../../src-renderer/database/database'
import {
  announceHeldNow,
  announceInBatches,
} from '../../../src-renderer/database/mutation-announcements'

const freshDb = (): TillDatabase =>
  new TillDatabase(`till-announce-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange })

// Live queries run only where Dexie finds an IndexedDB of its own (a browser's; here the fake).
beforeAll(() => {
  Dexie.dependencies.indexedDB = new IDBFactory()
  Dexie.dependencies.IDBKeyRange = IDBKeyRange
})

/** Meta entries of a kind the app keeps many of, each under a key of its own. */
type EntryKey = `table-exports:${string}`
const entry = (name: string): EntryKey => `table-exports:${name}`

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Values a live query of the meta entry `key` gave, in order. */
function watchEntry(db: TillDatabase, key: EntryKey): { seen: unknown[]; stop(): void } {
  const seen: unknown[] = []
  const subscription = liveQuery(() => db.meta.get(key)).subscribe((entry) =>
    seen.push(entry?.value),
  )
  return { seen, stop: () => subscription.unsubscribe() }
}

/** Announcements naming one of `db`'s tables, as they are made. */
function announcementsOf(db: TillDatabase, table: string): { count(): number; stop(): void } {
  const part = `idb://${db.name}/${table}/`
  let count = 0
  const listener = (parts: ObservabilitySet): void => {
    if (Object.keys(parts).some((p) => p.startsWith(part))) count++
  }
  Dexie.on('storagemutated', listener)
  return { count: () => count, stop: () => Dexie.on.storagemutated.unsubscribe(listener) }
}

async function putEach(db: TillDatabase, keys: EntryKey[]): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    for (const key of keys) await db.meta.put({ key, value: 'x' })
  })
}

/** Writes the total in a transaction whose announcement is held for the next batch. */
function heldWrite(db: TillDatabase, value: number): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    announceInBatches(Dexie.currentTransaction)
    await db.meta.put({ key: entry('total'), value })
  })
}

/**
 * A fresh cache with the total watched and the meta table's announcements counted, after a quiet
 * spell longer than a batch, so the next held write is announced at once; `before` is the count then.
 */
async function watchedAfterQuietSpell() {
  const db = freshDb()
  const watched = watchEntry(db, entry('total'))
  const announced = announcementsOf(db, 'meta')
  await pause(1100)
  const stop = (): void => {
    announced.stop()
    watched.stop()
    db.close()
  }
  return { db, watched, announced, before: announced.count(), stop }
}

describe('announcements of cache writes', () => {
  it('a write of a few keys re-runs only the queries of those keys', async () => {
    const db = freshDb()
    const watched = watchEntry(db, entry('watched'))
    await pause(50)
    await putEach(db, [entry('a'), entry('b'), entry('c')])
    await pause(50)
    expect(watched.seen).toEqual([undefined])
    watched.stop()
    db.close()
  })

  it('a write of many keys is announced as changing the whole table: no query misses it', async () => {
    const db = freshDb()
    const watched = watchEntry(db, entry('watched'))
    await pause(50)
    await putEach(
      db,
      Array.from({ length: 40 }, (_, i) => entry(`key-${i}`)),
    )
    // Re-runs after the many keys (the same undefined again), then after its own key. Each is
    // waited for: on a loaded machine a re-run still under way when the next write lands is
    // folded into the next one, which then reads 'now' once.
    await vi.waitFor(() => expect(watched.seen).toEqual([undefined, undefined]))
    await db.meta.put({ key: entry('watched'), value: 'now' })
    await vi.waitFor(() => expect(watched.seen).toEqual([undefined, undefined, 'now']))
    watched.stop()
    db.close()
  })

  it('held writes are announced once committed, together, and none is lost', async () => {
    const { db, watched, announced, before, stop } = await watchedAfterQuietSpell()
    // After a quiet spell the first is announced at once; the next two wait and go together.
    await heldWrite(db, 1)
    await pause(50)
    expect(announced.count() - before).toBe(1)
    expect(watched.seen.at(-1)).toBe(1)
    await heldWrite(db, 2)
    await heldWrite(db, 3)
    await pause(100)
    expect(announced.count() - before).toBe(1)
    await pause(1000)
    expect(announced.count() - before).toBe(2)
    expect(watched.seen.at(-1)).toBe(3)
    stop()
  })

  it('held writes are announced at once when asked, as a sync run ends', async () => {
    const { db, watched, announced, before, stop } = await watchedAfterQuietSpell()
    // The first after a quiet spell goes at once; the second waits for the batch, or for this.
    await heldWrite(db, 1)
    await pause(50)
    await heldWrite(db, 2)
    await pause(50)
    expect(announced.count() - before).toBe(1)
    announceHeldNow()
    // Well within the second the batch would have waited.
    await pause(50)
    expect(announced.count() - before).toBe(2)
    expect(watched.seen.at(-1)).toBe(2)
    // Nothing held: asking again announces nothing more.
    announceHeldNow()
    await pause(1100)
    expect(announced.count() - before).toBe(2)
    stop()
  })

  it('a held write that is rolled back announces nothing', async () => {
    const db = freshDb()
    await db.open()
    const announced = announcementsOf(db, 'meta')
    await pause(1100)
    await expect(
      db.transaction('rw', db.meta, async () => {
        announceInBatches(Dexie.currentTransaction)
        await db.meta.put({ key: entry('total'), value: 9 })
        throw new Error('disk full')
      }),
    ).rejects.toThrow('disk full')
    await pause(100)
    expect(announced.count()).toBe(0)
    expect(await db.meta.get(entry('total'))).toBeUndefined()
    announced.stop()
    db.close()
  })
})
