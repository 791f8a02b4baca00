import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProfileView } from '../../../../src-shared/bridge/contract'
import { startDemoService, type DemoServiceHandle } from '../../../../src-demo'
import { closeConnection } from '../../../../src-renderer/settings/jobs/close-connection'
import type { TillBridge } from '../../../../src-renderer/bridge/bridge-client'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { activeConnection } from '../../../../src-renderer/settings/jobs/active-connection'
import { sessionFigures } from '../../../../src-renderer/sessions/tables/session-tally-store'
import { SyncController } from '../../../../src-renderer/sync/jobs/sync-controller'
import { requireSessionKeyring } from '../../../support/keyring'
import { inProcessMain } from '../../../support/main-bridge'

describe('switching the active connection (issue 14, item 10)', () => {
  const main = inProcessMain()
  const bridge = {
    call: (channel, ...input) => main.call(channel, input[0] as never),
    on: (name, listener) =>
      main.services.events.subscribe((event) => {
        if (event.name === name) listener(event.payload as never)
      }),
  } as TillBridge
  let demo: DemoServiceHandle
  let profile: ProfileView
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason)

  beforeAll(async () => {
    requireSessionKeyring()
    process.on('unhandledRejection', onUnhandled)
    demo = await startDemoService({
      seed: 7,
      days: 30,
      locations: 2,
      billsPerSession: 40,
      currency: 'IDR',
      timezone: 'Asia/Jakarta',
      live: false,
    })
    profile = await main.call('profiles.save', {
      name: 'Switch shop',
      baseUrl: demo.url,
      storeId: demo.storeId,
      apiKey: demo.appKey,
    })
  })
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled)
    await demo?.close()
    await main.cleanup()
  })

  it('stops the old connection’s sync cleanly before its cache closes, wherever the sync is', async () => {
    for (const stopAfterMs of [0, 5, 40, 150, 400, 900]) {
      const db = new TillDatabase(`till-switch-${Math.random()}`, {
        indexedDB: new IDBFactory(),
        IDBKeyRange,
      })
      await db.open()
      const connection = activeConnection(bridge, profile, db)
      const { sync } = connection
      connection.scheduledExports.start()
      const started = sync.start()
      await new Promise((resolve) => setTimeout(resolve, stopAfterMs))
      await closeConnection(connection)
      await started
      // Whatever the old run was doing has ended: nothing of it is left to fail later.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(unhandled.map(String), `stopped after ${stopAfterMs} ms`).toEqual([])
      expect(sync.getState().running).toBe(false)
      expect(db.isOpen()).toBe(false)
    }
  }, 120_000)

  it('adds up the bills of a cache made before tallies and counts once it opens, showing how far it is', async () => {
    const db = new TillDatabase(`till-tallies-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    await db.open()
    const first = new SyncController(bridge, profile, db)
    await first.start()
    await until(() => first.getState().lastSuccessAt !== null && !first.getState().running)
    await first.stop()
    const sessions = await db.sessions.count()
    expect(sessions).toBeGreaterThan(10)
    const bills = await db.bills.count()
    const figures = await Promise.all(
      (await db.sessions.toArray()).map((s) => sessionFigures(db, s)),
    )
    const counts = await db.billCounts.toArray()
    await db.sessionTallies.clear()
    await db.billCounts.clear()
    await db.meta.delete('bill-counts')

    const reopened = new SyncController(bridge, profile, db)
    const seen: { done: number; total: number }[] = []
    reopened.subscribe((state) => state.addingUp && seen.push(state.addingUp))
    await reopened.start()
    await until(async () => (await db.sessionTallies.count()) === sessions)
    await until(() => reopened.getState().addingUp === null)
    await reopened.stop()
    expect(seen[0]).toEqual({ done: 0, total: bills })
    expect(seen.map((s) => s.done)).toEqual([...seen.map((s) => s.done)].sort((a, b) => a - b))
    expect(seen.at(-1)).toEqual({ done: bills, total: bills })
    expect(await db.billCounts.toArray()).toEqual(counts)
    // The tallies give the figures the records gave.
    const tallied = await Promise.all(
      (await db.sessions.toArray()).map((s) => sessionFigures(db, s)),
    )
    expect(tallied).toEqual(figures)
    db.close()
  }, 120_000)
})

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
