import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { startDemoService, type DemoServiceHandle } from '../../src-demo'
import { currencyExponent, toMinorUnits } from '../../src-shared/domain/money'
import { TillDatabase } from '../../src-renderer/database/database'
import { closeSession } from '../../src-renderer/sync/tables/writes'
import { SyncEngine } from '../../src-renderer/sync/jobs/sync-engine'
import { demoControl, type DemoControl } from './demo-control'
import { inProcessMain } from './main-bridge'
import { requireSessionKeyring } from './keyring'
import type { RawSession } from './independent-figures'

/**
 * A small demo shop and a cache synced from it through main's real code (Apps API client, bridge
 * dispatcher, keychain) and the renderer's real sync engine, as the app does it.
 */
export interface DemoCache {
  demo: DemoServiceHandle
  db: TillDatabase
  currency: string
  timeZone: string
  /** One more sync run (after the control API changed the shop). */
  sync(): Promise<void>
  /** The `register_session.closed` facts (opening time and cash) for every closed session. */
  applyCloseEvents(): Promise<void>
  control: DemoControl
  close(): Promise<void>
}

export async function demoCache(options: {
  currency: string
  timeZone: string
  seed: number
  days?: number
  now?: string
}): Promise<DemoCache> {
  requireSessionKeyring()
  const { currency, timeZone } = options
  const main = inProcessMain()
  const demo = await startDemoService({
    seed: options.seed,
    days: options.days ?? 3,
    locations: 2,
    billsPerSession: 25,
    currency,
    timezone: timeZone,
    now: options.now ?? '2026-11-20T15:00:00Z',
  })
  const profile = await main.call('profiles.save', {
    name: 'Demo',
    baseUrl: demo.url,
    storeId: demo.storeId,
    apiKey: demo.appKey,
  })
  const db = new TillDatabase(`till-ledger-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const engine = new SyncEngine({
    db,
    reader: {
      listBills: (input) => main.call('service.bills.list', input),
      getBills: (input) => main.call('service.bills.get', input),
      listExpenses: (input) => main.call('service.expenses.list', input),
    },
    profileId: profile.id,
    currency,
    timeZone,
    now: Date.now,
  })
  const sync = async (): Promise<void> => {
    const outcome = await engine.run({ signal: new AbortController().signal })
    if (!outcome.ok) throw new Error(`sync failed: ${outcome.kind} ${outcome.message}`)
  }
  const exponent = currencyExponent(currency)
  const applyCloseEvents = async (): Promise<void> => {
    for (const s of demo.shop.sessions() as unknown as RawSession[]) {
      if (s.closed_at === null) continue
      await closeSession(db, {
        id: s.id,
        locationId: s.location_id,
        openedAt: Date.parse(s.opened_at),
        closedAt: Date.parse(s.closed_at),
        openingCash: toMinorUnits(s.opening_cash, exponent),
        timeZone,
      })
    }
  }
  const control = demoControl(demo.url, demo.controlToken)
  await sync()
  return {
    demo,
    db,
    currency,
    timeZone,
    sync,
    applyCloseEvents,
    control,
    close: async () => {
      db.close()
      await demo.close()
      await main.cleanup()
    },
  }
}
