import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBridgeClient, type TillBridge } from '../../../src-renderer/bridge/bridge-client'
import type { TillDatabase } from '../../../src-renderer/database/database'
import { writeBills } from '../../../src-renderer/sync/tables/writes'
import { SharedBooksLink } from '../../../src-renderer/shared-books/jobs/shared-books-link'
import { createServices } from '../../../src-main/services'
import { bills, pc } from '../backup/pcs'
import { makeBill } from '../bill-factory'
import { firstSyncDone, SALE_AT } from '../exports/counted-session'
import { memorySecrets } from '../memory-secrets'

export const PROFILE = { id: 'shop', storeId: 'store-1' }

/** A PC's cache: the shop's synced bills, with session S (a cash sale of 50.00) to count. */
export async function syncedCache(): Promise<TillDatabase> {
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
  return db
}

/**
 * A PC joined to the shared books at `url`: main's real services in this process (its own data
 * folder), the renderer's cache on fake-indexeddb (`syncedCache`), and the link the app uses.
 * What stops it (its link, then main) goes on `stops`, to be run last first.
 */
export async function linkedPc(
  url: string,
  password: string,
  stops: Array<() => Promise<void> | void>,
): Promise<{ db: TillDatabase; bridge: TillBridge; link: SharedBooksLink }> {
  const services = createServices({
    dataDir: mkdtempSync(join(tmpdir(), 'till-linked-pc-')),
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
  const db = await syncedCache()
  await bridge.call('sharedBooks.settings.save', { profileId: PROFILE.id, url, password })
  const link = new SharedBooksLink(bridge, PROFILE, db)
  stops.push(() => link.stop())
  await link.join()
  return { db, bridge, link }
}
