import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeychainUnavailableError } from '../../../../src-main/till-errors'
import { ProfileStore } from '../../../../src-main/features/connections/profile-store'
import { loadKeytar } from '../../../../src-main/keychain/load-keytar'
import {
  createKeychainSecretStore,
  type SecretStore,
} from '../../../../src-main/keychain/secret-store'
import { createLogger } from '../../../../src-main/logging/logger'
import { requireSessionKeyring, uniqueKeychainService } from '../../../support/keyring'

const log = createLogger('test')
const KEY = 'key-live-0123456789-ABCD'
const WHSEC = 'whsec_abcdefghijklmn-WXYZ'

describe('connection profiles (secrets in the real keychain only)', () => {
  const secrets = createKeychainSecretStore(loadKeytar, uniqueKeychainService())
  let dataDir: string

  beforeAll(() => {
    requireSessionKeyring()
    dataDir = mkdtempSync(join(tmpdir(), 'till-profiles-'))
  })
  afterAll(async () => {
    for (const account of await secrets.listAccounts()) await secrets.delete(account)
  })

  it('keeps the key and secret in the keychain, and only their last four characters in views', async () => {
    const store = new ProfileStore(dataDir, secrets, log)
    const view = await store.save({
      name: 'Main street',
      baseUrl: 'https://pos.example.com/',
      storeId: 'st-1',
      apiKey: KEY,
      webhookSecret: WHSEC,
    })
    expect(view).toMatchObject({
      name: 'Main street',
      baseUrl: 'https://pos.example.com',
      active: true,
      apiKey: { set: true, last4: 'ABCD' },
      webhookSecret: { set: true, last4: 'WXYZ' },
    })
    expect(JSON.stringify(view)).not.toContain(KEY.slice(0, -4))
    const onDisk = readdirSync(dataDir)
      .map((f) => readFileSync(join(dataDir, f), 'utf8'))
      .join('\n')
    expect(onDisk).not.toContain(KEY)
    expect(onDisk).not.toContain(WHSEC)
    expect(onDisk).not.toContain('ABCD')
    expect((await store.secret(view.id, 'api-key'))?.reveal()).toBe(KEY)
    expect((await secrets.listAccounts()).sort()).toEqual([
      `${view.id}/api-key`,
      `${view.id}/webhook-secret`,
    ])
  })

  it('keeps a stored key when an edit leaves it empty, and switches the active profile', async () => {
    const store = new ProfileStore(dataDir, secrets, log)
    const [first] = (await store.list()).profiles
    const second = await store.save({
      name: 'Harbour kiosk',
      baseUrl: 'https://pos.example.com',
      storeId: 'st-2',
      apiKey: 'other-key-9999',
    })
    expect(second.active).toBe(false)
    const edited = await store.save({
      id: first!.id,
      name: 'Main street shop',
      baseUrl: 'https://pos.example.com',
      storeId: 'st-1b',
      apiKey: '',
    })
    expect(edited).toMatchObject({
      name: 'Main street shop',
      storeId: 'st-1b',
      apiKey: { set: true, last4: 'ABCD' },
    })
    await store.activate(second.id)
    const listed = await store.list()
    expect(listed.activeProfileId).toBe(second.id)
    expect(listed.profiles.map((p) => p.active)).toEqual([false, true])
  })

  it('records detected currency and time zone without overwriting a choice', async () => {
    const store = new ProfileStore(dataDir, secrets, log)
    const [first] = (await store.list()).profiles
    expect(first).toMatchObject({ currency: null, timezone: null })
    expect(
      await store.setMerchant(first!.id, { currency: 'IDR', timezone: 'Asia/Jakarta' }, true),
    ).toMatchObject({ currency: 'IDR', timezone: 'Asia/Jakarta' })
    expect(
      await store.setMerchant(first!.id, { currency: 'USD', timezone: 'UTC' }, true),
    ).toMatchObject({ currency: 'IDR', timezone: 'Asia/Jakarta' })
    expect(await store.setMerchant(first!.id, { timezone: 'Asia/Makassar' }, false)).toMatchObject({
      currency: 'IDR',
      timezone: 'Asia/Makassar',
    })
  })

  it('deleting a profile deletes its keychain entries', async () => {
    const store = new ProfileStore(dataDir, secrets, log)
    const { profiles } = await store.list()
    for (const profile of profiles) await store.delete(profile.id)
    expect(await secrets.listAccounts()).toEqual([])
    expect((await store.list()).profiles).toEqual([])
    expect((await store.list()).activeProfileId).toBeNull()
  })

  it('never falls back to a file when the keychain fails: no half-saved profile', async () => {
    const broken: SecretStore = {
      ...secrets,
      set: async () => {
        throw new KeychainUnavailableError('No unlocked keyring was found')
      },
    }
    const dir = mkdtempSync(join(tmpdir(), 'till-profiles-'))
    const store = new ProfileStore(dir, broken, log)
    await expect(
      store.save({
        name: 'X',
        baseUrl: 'https://pos.example.com',
        storeId: 's',
        apiKey: 'plain-text-never',
      }),
    ).rejects.toBeInstanceOf(KeychainUnavailableError)
    expect(readdirSync(dir)).toEqual([])
  })

  it('reads the profiles file once, and a write it could not make changes nothing it reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'till-profiles-'))
    const store = new ProfileStore(dir, secrets, log)
    const saved = await store.save({
      name: 'Harbour',
      baseUrl: 'https://pos.example.com',
      storeId: 's',
    })
    const file = join(dir, 'profiles.json')
    const written = readFileSync(file, 'utf8')
    writeFileSync(file, JSON.stringify({ version: 1, activeProfileId: null, profiles: [] }))
    expect((await store.get(saved.id)).name).toBe('Harbour')

    writeFileSync(file, written)
    mkdirSync(`${file}.${process.pid}.tmp`)
    await expect(
      store.save({ id: saved.id, name: 'Quay', baseUrl: 'https://pos.example.com', storeId: 's' }),
    ).rejects.toThrow()
    expect((await store.get(saved.id)).name).toBe('Harbour')
    expect((await new ProfileStore(dir, secrets, log).get(saved.id)).name).toBe('Harbour')
  })

  it('moves an unreadable profiles file aside instead of losing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'till-profiles-'))
    writeFileSync(join(dir, 'profiles.json'), '{"version": 1, "profiles": "broken"')
    const store = new ProfileStore(dir, secrets, log)
    expect((await store.list()).profiles).toEqual([])
    const aside = readdirSync(dir).find((f) => f.startsWith('profiles.json.unreadable-'))
    expect(aside && readFileSync(join(dir, aside), 'utf8')).toContain('"broken"')
  })
})
