import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBridgeClient } from '../../../../src-renderer/bridge/bridge-client'
import type { TillDatabase } from '../../../../src-renderer/cache/database'
import { exportBatches } from '../../../../src-renderer/cache/export-batches'
import { readMapping } from '../../../../src-renderer/jobs/exports/account-mapping'
import { runExport } from '../../../../src-renderer/jobs/exports/run-export'
import { SharedBooksLink } from '../../../../src-renderer/jobs/shared-books/shared-books-link'
import { createServices } from '../../../../src-main/services'
import { memorySecrets } from '../../../support/memory-secrets'
import { startTestPostgres, type TestPostgres } from '../../../support/postgres'
import { bills, closePcs, pc } from '../../../support/backup/pcs'
import { countSession, firstSyncDone, SALE_AT } from '../../../support/exports/counted-session'
import { writeBills } from '../../../../src-renderer/cache/writes'
import { makeBill } from '../../../support/bill-factory'

/**
 * Two PCs against one real PostgreSQL: each with main's real services in this process (its own
 * data folder) and the renderer's cache on fake-indexeddb, joined through the same link the app
 * uses. (The two-window journey in browsers is `npm run demo:shared-books`.)
 */

let server: TestPostgres
const stops: Array<() => Promise<void> | void> = []
const LATER = SALE_AT + 13 * 3600_000
const PROFILE = { id: 'shop', storeId: 'store-1' }
const RANGE = { from: '2026-11-20', to: '2026-11-20', locationId: '' }

beforeAll(async () => {
  server = await startTestPostgres()
  await server.createDatabase('books')
}, 60_000)
afterAll(async () => {
  closePcs()
  for (const stop of stops.splice(0).reverse()) await stop()
  await server?.stop()
})

/** A PC: main in this process, its cache holding the shop's bills and session S to count. */
async function joinedPc(): Promise<{ db: TillDatabase; link: SharedBooksLink }> {
  const services = createServices({
    dataDir: mkdtempSync(join(tmpdir(), 'till-link-')),
    secrets: memorySecrets(),
    shell: 'browser',
    version: 'test',
    openExternal: async () => undefined,
  })
  stops.push(() => services.stop())
  const bridge = createBridgeClient({
    call: (channel, input) => services.dispatch(channel, input),
    subscribe: (listener) => services.events.subscribe(listener),
  })
  const db = await pc(bills())
  const cash = makeBill({
    id: 'A',
    session: 'S',
    lines: [5000],
    payments: [{ method: 'cash', amount: 5000 }],
  })
  await writeBills(db, {
    bills: [cash],
    quarantined: [],
    detailPriority: 1,
    timeZone: 'Asia/Jakarta',
    now: SALE_AT,
  })
  await firstSyncDone(db, SALE_AT)
  await bridge.call('sharedBooks.settings.save', {
    profileId: PROFILE.id,
    url: server.url('books'),
    password: server.password,
  })
  const link = new SharedBooksLink(bridge, PROFILE, db)
  stops.push(() => link.stop())
  await link.join()
  return { db, link }
}

async function exportXero(
  db: TillDatabase,
  link: SharedBooksLink,
  said: string[],
): Promise<number> {
  return link.runExport(
    async () => {
      const exports = runExport({
        db,
        what: 'xero',
        range: RANGE,
        mapping: await readMapping(db),
        timeZone: 'Asia/Jakarta',
        currency: 'USD',
        sharedCommit: link.exportCommit(),
      })
      for (;;) {
        const next = await exports.next()
        if (next.done) return next.value.entryCount
      }
    },
    (message) => said.push(message),
  )
}

describe('two PCs on one PostgreSQL', () => {
  it('a count made on one shows on the other by notification; the same range exported on both posts once', async () => {
    const office = await joinedPc()
    const laptop = await joinedPc()
    expect(office.link.joined).toMatchObject({ storeId: 'store-1' })

    await countSession(office.db, {
      countedCash: 5900,
      countedBy: 'Ana',
      note: 'Short',
      now: LATER,
    })
    await office.link.syncNow()
    await expect
      .poll(() => laptop.db.reconciliations.get('S'), { timeout: 10_000 })
      .toMatchObject({ countedCash: 5900, reconciledBy: 'Ana' })
    expect((await laptop.db.sessions.get('S'))!.status).toBe('reconciled')

    const officeSaid: string[] = []
    expect(await exportXero(office.db, office.link, officeSaid)).toBeGreaterThan(0)
    const laptopSaid: string[] = []
    // Whether the laptop pulled the office's batch first or was refused by the books and planned
    // again, it posts nothing the office posted.
    expect(await exportXero(laptop.db, laptop.link, laptopSaid)).toBe(0)
    expect(officeSaid).toEqual([])
    expect((await exportBatches(laptop.db)).map((b) => b.id)).toEqual(
      (await exportBatches(office.db)).map((b) => b.id),
    )
  }, 60_000)
})
