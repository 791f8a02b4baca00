import { afterEach, describe, expect, it } from 'vitest'
import { exportBatches } from '../../../../src-renderer/exports/tables/export-batches'
import {
  loadLocationNames,
  saveLocationName,
} from '../../../../src-renderer/settings/tables/location-names'
import {
  joinedStore,
  waitingCount,
} from '../../../../src-renderer/shared-books/tables/shared-outbox'
import { readMapping } from '../../../../src-renderer/exports/jobs/account-mapping'
import { joinSharedBooks } from '../../../../src-renderer/shared-books/jobs/join-shared-books'
import { allLogged } from '../../../support/exports/log-pages'
import { bills, closePcs, exportTo, firstPc, pc } from '../../../support/backup/pcs'
import { FakeBooks } from '../../../support/shared-books/fake-books'

afterEach(closePcs)

const place = (pcName: string) => ({ profileId: 'p1', storeId: 'store-1', pcName })

describe('joining shared books', () => {
  it('the first PC uploads its records and its log; a PC with an empty log joins and gets them, and exports only what is new', async () => {
    const books = new FakeBooks()
    const { db: first, organisation } = await firstPc()
    expect(await joinSharedBooks(first, books.bridge(), place('Office PC'))).toEqual({
      started: true,
      found: 0,
    })
    expect(await waitingCount(first)).toBe(0)
    expect([...books.logs.keys()].sort()).toEqual([organisation, 'xero'].sort())

    const second = await pc(bills())
    // Every record on the books is the first PC's, and the second takes each of them.
    const onTheBooks = books.rows.size
    expect(await joinSharedBooks(second, books.bridge(), place('Laptop'))).toEqual({
      started: false,
      found: onTheBooks,
    })
    expect(await joinedStore(second)).toBe('store-1')
    expect(await loadLocationNames(second)).toEqual({ loc1: 'Kemang' })
    expect(await readMapping(second)).toEqual(await readMapping(first))
    expect((await exportBatches(second)).map((b) => b.id).sort()).toEqual(
      (await exportBatches(first)).map((b) => b.id).sort(),
    )
    expect((await allLogged(second)).map((e) => e.entryId).sort()).toEqual(
      (await allLogged(first)).map((e) => e.entryId).sort(),
    )
    // Everything the first PC posted is known here: nothing goes to its books twice.
    expect(await exportTo(second, 'xero', 'xero')).toEqual([])
    expect(await exportTo(second, organisation, 'xero')).toEqual([])
  })

  it('a PC that exported what the books have not seen is refused, names the destinations, and changes nothing', async () => {
    const books = new FakeBooks()
    const { db: first } = await firstPc()
    await joinSharedBooks(first, books.bridge(), place('Office PC'))

    const other = await pc(bills())
    await saveLocationName(other, 'loc1', 'Kemang Raya')
    await exportTo(other, 'xero', 'xero')
    await exportTo(other, 'journal-csv', 'journal-csv')
    const refused = joinSharedBooks(other, books.bridge(), place('Laptop'))
    await expect(refused).rejects.toMatchObject({
      name: 'JoinRefusedError',
      destinations: ['Generic CSV journal', 'Xero'],
    })
    await expect(refused).rejects.toThrow(/for Generic CSV journal, Xero: it has exported/)
    expect(await joinedStore(other)).toBeNull()
    expect(await waitingCount(other)).toBe(0)
    expect(await loadLocationNames(other)).toEqual({ loc1: 'Kemang Raya' })
  })
})
