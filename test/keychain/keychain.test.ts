import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeychainUnavailableError } from '../../src-main/errors'
import { loadKeytar } from '../../src-main/keychain/load-keytar'
import {
  createKeychainSecretStore,
  keychainServiceName,
} from '../../src-main/keychain/secret-store'
import { requireSessionKeyring, uniqueKeychainService } from '../support/keyring'

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
