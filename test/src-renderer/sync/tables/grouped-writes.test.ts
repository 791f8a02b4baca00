import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { Checkpoint } from '../../../../src-renderer/database/cached-records'
import { GroupedWrites } from '../../../../src-renderer/sync/tables/grouped-writes'

const freshDb = (): TillDatabase =>
  new TillDatabase(`till-grouped-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange })

const checkpoint = (page: number): Checkpoint => ({
  key: 'bills',
  backfillPage: page,
  backfillDone: false,
  cursor: null,
  cursorPage: 1,
  lastSuccessAt: null,
})

describe('grouped cache writes', () => {
  it('writes queued while a group commits go together into the next transaction, in order', async () => {
    const db = freshDb()
    const writes = new GroupedWrites(db)
    const seen: { label: string; transaction: unknown }[] = []
    const write = (label: string, page: number) => async () => {
      seen.push({ label, transaction: Dexie.currentTransaction })
      await db.checkpoints.put(checkpoint(page))
    }
    // The first write's group is taken at once; the two added while it commits wait for the next.
    // (Nothing but IndexedDB may be awaited inside a transaction, or it commits early.)
    const first = writes.add(write('a', 1))
    const rest = [writes.add(write('b', 2)), writes.add(write('c', 3))]
    await Promise.all([first, ...rest])
    expect(seen.map((s) => s.label)).toEqual(['a', 'b', 'c'])
    expect(seen[1]!.transaction).toBe(seen[2]!.transaction)
    expect(seen[0]!.transaction).not.toBe(seen[1]!.transaction)
    expect((await db.checkpoints.get('bills'))?.backfillPage).toBe(3)
  })

  it('says when the next group has ended, once its write is committed and not before', async () => {
    const db = freshDb()
    const writes = new GroupedWrites(db)
    const ended = writes.nextGroupEnded()
    let seenAtEnd: Checkpoint | undefined
    const endedSeen = ended.then(async () => {
      seenAtEnd = await db.checkpoints.get('bills')
    })
    await writes.add(() => db.checkpoints.put(checkpoint(8)).then(() => undefined))
    await endedSeen
    expect(seenAtEnd?.backfillPage).toBe(8)
  })

  it('after a failed group no later write commits, so no checkpoint passes the failed page', async () => {
    const db = freshDb()
    const writes = new GroupedWrites(db)
    const first = writes.add(() => db.checkpoints.put(checkpoint(4)).then(() => undefined))
    const failing = writes.add(async () => {
      await db.checkpoints.put(checkpoint(5))
      throw new Error('disk full')
    })
    const sameGroup = writes.add(() => db.checkpoints.put(checkpoint(6)).then(() => undefined))
    await first
    await expect(failing).rejects.toThrow('disk full')
    await expect(sameGroup).rejects.toThrow('disk full')
    await expect(
      writes.add(() => db.checkpoints.put(checkpoint(7)).then(() => undefined)),
    ).rejects.toThrow('disk full')
    // The page before the failed one is committed; nothing after it is.
    expect((await db.checkpoints.get('bills'))?.backfillPage).toBe(4)
  })
})
