import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProfileView } from '../../src-shared/bridge/contract'
import { startDemoService, type DemoServiceHandle } from '../../src-demo'
import { closeConnection } from '../../src-renderer/work/connection/close-connection'
import type { TillBridge } from '../../src-renderer/bridge/client'
import { TillDatabase } from '../../src-renderer/cache/database'
import { activeConnection } from '../../src-renderer/work/connection/active-connection'
import { requireSessionKeyring } from '../support/keyring'
import { inProcessMain } from '../support/main-bridge'

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
})
