import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import type { SecretStore } from '../../src-main/keychain/secret-store'
import { createServices } from '../../src-main/services'
import type { TillBridge } from '../../src-renderer/bridge/bridge-client'
import { TillDatabase } from '../../src-renderer/database/database'
import { serviceReaderFromBridge } from '../../src-renderer/sync/jobs/service-reader'
import { drainWebhooks } from '../../src-renderer/webhooks/jobs/webhook-drain'
import { postSigned, type PostedWebhook } from './sign-webhook'
import { callThrough } from './main-bridge'
import { startStubAppsApi } from './stub-apps-api'
import { afterAll, beforeAll } from 'vitest'
import { receiverDataDir, testKeychain } from './receiver-fixture'

const STORE = 'st-drain'
const SECRET = 'whsec_DrainShop0a1b2c3d4e5f'

/** An envelope for the drain bench's store, as the service would send it. */
export function envelopeFor(fields: {
  id: string
  event: string
  company?: Record<string, unknown>
  data?: Record<string, unknown>
}): Record<string, unknown> {
  return {
    created_at: new Date().toISOString(),
    company: { id: 'co-1', name: 'Warung Drain', currency: 'IDR', timezone: 'Asia/Jakarta' },
    data: {},
    ...fields,
    install: { store_id: STORE },
  }
}

/**
 * Main's real services (receiver on a free loopback port, durable queue, dispatcher) with one
 * connection to a stand-in Apps API, and the renderer's drain over the validated bridge into a
 * cache of its own.
 */
export async function startDrainBench(secrets: SecretStore) {
  const api = await startStubAppsApi()
  const services = createServices({
    dataDir: receiverDataDir(),
    secrets,
    shell: 'browser',
    version: 'test',
    openExternal: async () => undefined,
  })
  const call = callThrough(services)
  const bridge = {
    call,
    on: (name, listener) =>
      services.events.subscribe((event) => {
        if (event.name === name) listener(event.payload as never)
      }),
  } as TillBridge
  await services.webhooks.start()
  const profile = await call('profiles.save', {
    name: 'Drain shop',
    baseUrl: api.url,
    storeId: STORE,
    apiKey: 'good-key',
    webhookSecret: SECRET,
  })
  const { url } = await call('webhooks.status')
  const db = new TillDatabase(`till-drain-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const ctx = {
    db,
    reader: serviceReaderFromBridge(bridge),
    profileId: profile.id,
    currency: 'IDR',
    timeZone: 'Asia/Jakarta',
    now: Date.now,
  }
  return {
    call,
    bridge,
    db,
    post: (envelope: Record<string, unknown>): Promise<PostedWebhook> =>
      postSigned(url!, SECRET, JSON.stringify(envelope)),
    drain: () => drainWebhooks(bridge, db, ctx),
    close: async (): Promise<void> => {
      db.close()
      await services.stop()
      await api.close()
    },
  }
}

export type DrainBench = Awaited<ReturnType<typeof startDrainBench>>

/**
 * Registers hooks that start a drain bench, with a keychain of its own, before a describe's tests
 * and stop it after them. Returns the running bench, to call in tests.
 */
export function useDrainBench(): () => DrainBench {
  const keychain = testKeychain()
  let bench: DrainBench | undefined
  beforeAll(async () => {
    bench = await startDrainBench(keychain.secrets)
  })
  afterAll(async () => {
    await bench?.close()
    await keychain.cleanUp()
  })
  return () => {
    if (!bench) throw new Error('the drain bench is not running (use it in a test)')
    return bench
  }
}
