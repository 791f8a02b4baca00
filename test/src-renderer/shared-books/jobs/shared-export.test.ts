import { afterEach, describe, expect, it } from 'vitest'
import type { TillBridge } from '../../../../src-renderer/bridge/bridge-client'
import { BridgeCallError } from '../../../../src-renderer/bridge/bridge-client'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { exportBatches } from '../../../../src-renderer/exports/tables/export-batches'
import { joinSharedBooks } from '../../../../src-renderer/shared-books/jobs/join-shared-books'
import { SharedBooksSync } from '../../../../src-renderer/shared-books/jobs/shared-books-sync'
import {
  exportPlanningAgain,
  sharedExportCommit,
} from '../../../../src-renderer/shared-books/jobs/shared-export'
import { bills, closePcs, exportRange, pc } from '../../../support/backup/pcs'
import { FakeBooks } from '../../../support/shared-books/fake-books'

afterEach(closePcs)

const place = (pcName: string) => ({ profileId: 'p1', storeId: 'store-1', pcName })

/** Exports the range to Xero through the books; the entries the batch holds (0: nothing new). */
async function exportShared(db: TillDatabase, bridge: TillBridge, pcName: string): Promise<number> {
  const sharedCommit = sharedExportCommit(db, bridge, place(pcName))
  return (await exportRange(db, { sharedCommit })).entryCount
}

async function twoPcs(books: FakeBooks) {
  const office = await pc(bills())
  const laptop = await pc(bills())
  await joinSharedBooks(office, books.bridge(), place('Office PC'))
  await joinSharedBooks(laptop, books.bridge(), place('Laptop'))
  return { office, laptop }
}

describe('exporting to shared books', () => {
  it('two PCs export the same range: one batch on the books; the other pulls, plans again and finds nothing new', async () => {
    const books = new FakeBooks()
    const { office, laptop } = await twoPcs(books)

    const said: string[] = []
    const sync = new SharedBooksSync(laptop, books.bridge(), place('Laptop'))
    let officeExported = 0
    const entries = await exportPlanningAgain(
      async () => {
        // The office commits after the laptop pulled and before the laptop's plan commits.
        officeExported ||= await exportShared(office, books.bridge(), 'Office PC')
        return exportShared(laptop, books.bridge(), 'Laptop')
      },
      () => sync.pull(),
      (message) => said.push(message),
    )
    expect(officeExported).toBeGreaterThan(0)
    expect(said).toEqual(['Another PC exported first: planned again.'])
    expect(entries).toBe(0)
    expect(books.logs.get('xero')).toHaveLength(1)
    expect((await exportBatches(laptop)).map((b) => b.id)).toEqual(
      (await exportBatches(office)).map((b) => b.id),
    )
  })

  it('an answer lost after the commit is asked again with the same batch id: one batch, counted here too', async () => {
    const books = new FakeBooks()
    const { office } = await twoPcs(books)
    const real = books.bridge()
    const batchIds: string[] = []
    let lost = 0
    const losing: TillBridge = {
      on: real.on,
      call: (async (channel: string, input: never) => {
        const answer = await (real.call as (c: string, i: unknown) => Promise<unknown>)(
          channel,
          input,
        )
        if (channel !== 'sharedBooks.appendExport') return answer
        batchIds.push((input as { batchId: string }).batchId)
        if (lost++ === 0) throw new BridgeCallError({ kind: 'network', message: 'socket hang up' })
        return answer
      }) as TillBridge['call'],
    }
    expect(await exportShared(office, losing, 'Office PC')).toBeGreaterThan(0)
    expect(new Set(batchIds).size).toBe(1)
    expect(batchIds).toHaveLength(2)
    expect(books.logs.get('xero')!.map((e) => e.batchId)).toEqual(batchIds.slice(0, 1))
    expect((await exportBatches(office)).map((b) => b.id)).toEqual(batchIds.slice(0, 1))
  })

  it('while the books cannot be reached the export is refused with the reason and the time since, and nothing counts here', async () => {
    const books = new FakeBooks()
    const { office } = await twoPcs(books)
    books.offline = true
    books.lastReachedAt = Date.now() - 12 * 60_000 - 5_000
    const refused = exportShared(office, books.bridge(), 'Office PC')
    await expect(refused).rejects.toMatchObject({ name: 'SharedBooksUnreachableError' })
    await expect(refused).rejects.toThrow(
      'Shared books not reached for 12 minutes: connect ECONNREFUSED 127.0.0.1:5432',
    )
    expect(await exportBatches(office)).toEqual([])
  })

  it('a database out of disk space refuses the commit: the export says why and that nothing was posted, asks once, and nothing counts here', async () => {
    const books = new FakeBooks()
    const { office } = await twoPcs(books)
    const real = books.bridge()
    let asked = 0
    const full: TillBridge = {
      on: real.on,
      call: (async (channel: string, input: never) => {
        if (channel !== 'sharedBooks.appendExport')
          return (real.call as (c: string, i: unknown) => Promise<unknown>)(channel, input)
        asked++
        throw new BridgeCallError({
          kind: 'shared_books_refused',
          message:
            'The database at 127.0.0.1:5432 is out of disk space and refused the change (No space left on device).',
        })
      }) as TillBridge['call'],
    }
    await expect(exportShared(office, full, 'Office PC')).rejects.toThrow(
      'The database at 127.0.0.1:5432 is out of disk space and refused the change (No space left on device). Nothing was posted and no file was made: export again once the database takes changes.',
    )
    expect(asked).toBe(1)
    expect(books.logs.get('xero')).toBeUndefined()
    expect(await exportBatches(office)).toEqual([])
  })

  it('with the books down and nothing new of its own, a PC refuses to export rather than say nothing is new', async () => {
    const books = new FakeBooks()
    const { office, laptop } = await twoPcs(books)
    // The office posted the range; the laptop holds it too: nothing new of its own.
    expect(await exportShared(office, books.bridge(), 'Office PC')).toBeGreaterThan(0)
    await new SharedBooksSync(laptop, books.bridge(), place('Laptop')).pull()
    expect(await exportShared(laptop, books.bridge(), 'Laptop')).toBe(0)

    books.offline = true
    books.lastReachedAt = Date.now() - 3 * 60_000 - 5_000
    const sync = new SharedBooksSync(laptop, books.bridge(), place('Laptop'))
    let ran = false
    const refused = exportPlanningAgain(
      async () => {
        ran = true
        return exportShared(laptop, books.bridge(), 'Laptop')
      },
      () => sync.pull(),
      () => undefined,
    )
    await expect(refused).rejects.toMatchObject({ name: 'SharedBooksUnreachableError' })
    await expect(refused).rejects.toThrow(
      'Shared books not reached for 3 minutes: connect ECONNREFUSED 127.0.0.1:5432; another PC’s counts and exports may be waiting to reach them',
    )
    expect(ran).toBe(false)
  })
})
