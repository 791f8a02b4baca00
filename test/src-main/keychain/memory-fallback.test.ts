import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src-shared/bridge/contract'
import type { BridgeResult } from '../../../src-shared/bridge/bridge-errors'
import { startDemoService, type DemoServiceHandle } from '../../../src-demo'
import { KeychainUnavailableError } from '../../../src-main/till-errors'
import {
  createKeychainSecretStore,
  type KeytarLike,
  type SecretStore,
} from '../../../src-main/keychain/secret-store'
import { createServices } from '../../../src-main/services'
import { postSigned, webhookBody } from '../../support/sign-webhook'

const NO_KEYRING = 'No unlocked keyring was found (no Secret Service on the bus).'

/** A machine without a keychain: every call fails the way keytar does there. */
const noKeychain: SecretStore = {
  get: async () => {
    throw new KeychainUnavailableError(NO_KEYRING)
  },
  set: async () => {
    throw new KeychainUnavailableError(NO_KEYRING)
  },
  delete: async () => {
    throw new KeychainUnavailableError(NO_KEYRING)
  },
  listAccounts: async () => {
    throw new KeychainUnavailableError(NO_KEYRING)
  },
  probe: async () => NO_KEYRING,
}

const SMALL_SHOP = { days: 2, locations: 1, billsPerSession: 5, live: false }

let dataDir: string
let services: ReturnType<typeof createServices> | null = null
let demo: DemoServiceHandle | null = null

async function start(
  secrets: SecretStore,
  starter: typeof startDemoService = async (options) =>
    (demo = await startDemoService({ ...options, ...SMALL_SHOP })),
) {
  dataDir = await mkdtemp(join(tmpdir(), 'till-no-keychain-'))
  // The webhook receiver on a free port, so tests never collide.
  await writeFile(
    join(dataDir, 'webhook-receiver.json'),
    JSON.stringify({ host: '127.0.0.1', port: 0, path: '/webhooks' }),
  )
  services = createServices({
    dataDir,
    secrets,
    shell: 'browser',
    version: 'test',
    openExternal: async () => undefined,
    startDemoService: starter,
  })
  await services.start()
  return services
}

afterEach(async () => {
  await services?.stop()
  services = null
  demo = null
  await rm(dataDir, { recursive: true, force: true })
})

async function ok<C extends ChannelName>(channel: C, input?: ChannelInput<C>) {
  const result = (await services!.dispatch(channel, input)) as BridgeResult<ChannelOutput<C>>
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}

describe('without a keychain (issue 14, 6)', () => {
  it('runs the demo shop fully with its key and secret in memory only', async () => {
    await start(noKeychain)
    const info = await ok('app.info')
    expect(info.demo).toMatchObject({ available: true, running: true, profileId: 'demo-shop' })
    const listed = await ok('profiles.list')
    expect(listed.keychain.available).toBe(false)
    expect(listed.profiles.find((p) => p.id === 'demo-shop')).toMatchObject({
      active: true,
      apiKey: { set: true },
      webhookSecret: { set: true },
    })

    const page = await ok('service.bills.list', {
      profileId: 'demo-shop',
      currency: 'IDR',
      query: { page: 1, limit: 5 },
    })
    expect(page.bills.length).toBeGreaterThan(0)

    const receiver = await ok('webhooks.status')
    const delivery = await postSigned(
      receiver.url!,
      demo!.webhookSecret,
      webhookBody(demo!.storeId),
    )
    expect(delivery.status).toBe(200)

    const onDisk = await Promise.all(
      (await readdir(dataDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
    )
    for (const text of onDisk) {
      expect(text).not.toContain(demo!.appKey)
      expect(text).not.toContain(demo!.webhookSecret)
    }
  })

  it('still refuses to save a real connection’s key anywhere but the keychain', async () => {
    await start(noKeychain)
    const result = await services!.dispatch('profiles.save', {
      name: 'Main street',
      baseUrl: 'https://pos.example.com',
      storeId: 'st-1',
      apiKey: 'real-key-never-in-memory-1234',
    })
    expect(result).toMatchObject({ ok: false, error: { kind: 'keychain' } })
    expect((await ok('profiles.list')).profiles.map((p) => p.id)).toEqual(['demo-shop'])
  })

  it('app.info says the demo is not running, and why, when it could not start', async () => {
    await start(noKeychain, async () => {
      throw new Error('no free port')
    })
    expect((await ok('app.info')).demo).toMatchObject({
      running: false,
      profileId: null,
      reason: expect.stringContaining('no free port') as unknown,
    })
  })

  it('stops the demo service again when its profile could not be saved', async () => {
    const failing: SecretStore = {
      ...noKeychain,
      set: async () => {
        throw new Error('the disk is on fire')
      },
    }
    await start(failing)
    expect((await ok('app.info')).demo).toMatchObject({ running: false, profileId: null })
    expect((await ok('profiles.list')).profiles).toEqual([])
    await expect(fetch(`${demo!.url}/apps-v1/expenses`)).rejects.toThrow()
  })
})

/** The keychain on Linux with keytar absent, as npm install leaves it when keytar's build fails. */
const keytarNotBuilt = createKeychainSecretStore(
  () => createRequire(__filename)('keytar-that-npm-could-not-build') as KeytarLike,
  'till-test-keytar-not-built',
  'linux',
)

describe('without keytar built (issue 14, 9)', () => {
  it('runs the demo shop; Settings and a real connection say what to install', async () => {
    await start(keytarNotBuilt)
    expect((await ok('app.info')).demo).toMatchObject({ running: true, profileId: 'demo-shop' })
    const page = await ok('service.bills.list', {
      profileId: 'demo-shop',
      currency: 'IDR',
      query: { page: 1, limit: 5 },
    })
    expect(page.bills.length).toBeGreaterThan(0)

    const { keychain } = await ok('profiles.list')
    expect(keychain.available).toBe(false)
    expect(keychain.problem).toContain(
      "Till's keychain module (keytar) is not built on this machine.",
    )
    expect(keychain.problem).toContain('sudo apt install libsecret-1-dev')
    expect(keychain.problem).toContain("then npm install in Till's folder")

    const refused = await services!.dispatch('profiles.save', {
      name: 'Main street',
      baseUrl: 'https://pos.example.com',
      storeId: 'st-1',
      apiKey: 'real-key-never-in-memory-1234',
    })
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'keychain', message: keychain.problem },
    })
  })

  it('names the load error when keytar is there but will not load', async () => {
    const store = createKeychainSecretStore(
      () => {
        throw new Error(
          'libsecret-1.so.0: cannot open shared object file: No such file or directory',
        )
      },
      'till-test-keytar-unloadable',
      'linux',
    )
    const problem = await store.probe()
    expect(problem).toContain('could not load (libsecret-1.so.0: cannot open shared object file')
    expect(problem).toContain('then npm rebuild keytar')
  })
})
