import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeychainUnavailableError } from '../../../src-main/till-errors'
import { loadKeytar } from '../../../src-main/keychain/load-keytar'
import {
  createKeychainSecretStore,
  keychainServiceName,
} from '../../../src-main/keychain/secret-store'
import { requireSessionKeyring, uniqueKeychainService } from '../../support/keyring'

const run = promisify(execFile)

describe('the OS keychain through keytar (real Secret Service)', () => {
  const service = uniqueKeychainService()
  const store = createKeychainSecretStore(loadKeytar, service)

  beforeAll(() => requireSessionKeyring())
  afterAll(async () => {
    for (const account of await store.listAccounts()) await store.delete(account)
  })

  it('sets, reads, lists and deletes a secret', async () => {
    expect(await store.probe()).toBeNull()
    await store.set('shop-1/api-key', 'key-abcdefgh-1234')
    await store.set('shop-1/webhook-secret', 'whsec_zyxw9876')
    const read = await store.get('shop-1/api-key')
    expect(read?.reveal()).toBe('key-abcdefgh-1234')
    expect(String(read)).toBe('[redacted]')
    expect((await store.listAccounts()).sort()).toEqual(['shop-1/api-key', 'shop-1/webhook-secret'])
    expect(await store.delete('shop-1/api-key')).toBe(true)
    expect(await store.get('shop-1/api-key')).toBeNull()
    expect(await store.listAccounts()).toEqual(['shop-1/webhook-secret'])
  })

  it('keeps services apart (TILL_KEYCHAIN_SERVICE)', async () => {
    const other = createKeychainSecretStore(loadKeytar, uniqueKeychainService())
    await store.set('shared-account', 'value-in-first')
    expect(await other.get('shared-account')).toBeNull()
    expect(keychainServiceName({ TILL_KEYCHAIN_SERVICE: 'till-ci' })).toBe('till-ci')
    expect(keychainServiceName({})).toBe('till')
  })

  it('reads each secret from the keychain once, however often main needs it (issue 14, item 8)', async () => {
    // Every keychain read costs native memory that is never given back; main needs the API key
    // for every Apps API request.
    const keytar = loadKeytar()
    let reads = 0
    const counted = {
      ...keytar,
      getPassword: (service: string, account: string) => {
        reads++
        return keytar.getPassword(service, account)
      },
    }
    const cachedService = uniqueKeychainService()
    const cached = createKeychainSecretStore(() => counted, cachedService)
    try {
      await cached.set('shop-2/api-key', 'key-first-0001')
      const reading = await Promise.all(
        Array.from({ length: 50 }, () => cached.get('shop-2/api-key')),
      )
      expect(new Set(reading.map((secret) => secret?.reveal()))).toEqual(
        new Set(['key-first-0001']),
      )
      for (let i = 0; i < 20; i++) expect(await cached.get('shop-2/webhook-secret')).toBeNull()
      expect(reads).toBe(1)

      // Changes made through the store are what it answers next, without reading again.
      await cached.set('shop-2/api-key', 'key-second-0002')
      expect((await cached.get('shop-2/api-key'))?.reveal()).toBe('key-second-0002')
      expect(await cached.delete('shop-2/api-key')).toBe(true)
      expect(await cached.get('shop-2/api-key')).toBeNull()
      expect(reads).toBe(1)
      // And they are in the keychain itself: a store started afresh reads them there.
      await cached.set('shop-2/webhook-secret', 'whsec_second0003')
      const fresh = createKeychainSecretStore(loadKeytar, cachedService)
      expect((await fresh.get('shop-2/webhook-secret'))?.reveal()).toBe('whsec_second0003')
      expect(await fresh.get('shop-2/api-key')).toBeNull()
    } finally {
      for (const account of await cached.listAccounts()) await cached.delete(account)
    }
  })

  it('with no Secret Service, says what is missing and how to fix it', async () => {
    const env = { ...process.env }
    delete env.DBUS_SESSION_BUS_ADDRESS
    delete env.DISPLAY
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'fixtures/probe-keychain.ts')],
      { env },
    )
    const answer = JSON.parse(stdout) as {
      probe: string | null
      setError: string
      errorName: string
    }
    expect(answer.probe).toMatch(/No unlocked keyring was found/)
    expect(answer.probe).toMatch(/gnome-keyring/)
    expect(answer.setError).toMatch(/never in a file/)
    expect(answer.errorName).toBe(KeychainUnavailableError.name)
  })
})
