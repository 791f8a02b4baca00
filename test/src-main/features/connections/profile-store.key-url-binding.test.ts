import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BridgeCallError } from '../../../../src-renderer/bridge/bridge-client'
import { inProcessMain } from '../../../support/main-bridge'
import { requireSessionKeyring } from '../../../support/keyring'
import { startStubAppsApi } from '../../../support/stub-apps-api'

type Stub = Awaited<ReturnType<typeof startStubAppsApi>>

/** A stored API key leaves main only for the URL it was saved with (docs/architecture.md). */
describe('a stored key is bound to its service URL', () => {
  const main = inProcessMain()
  let home: Stub
  let elsewhere: Stub
  let profileId: string

  beforeAll(async () => {
    requireSessionKeyring()
    home = await startStubAppsApi()
    elsewhere = await startStubAppsApi()
    const saved = await main.call('profiles.save', {
      name: 'Main street',
      baseUrl: home.url,
      storeId: 'store-1',
      apiKey: 'good-key',
    })
    profileId = saved.id
  })
  afterAll(async () => {
    await main.services.demo.stop()
    await main.cleanup()
    await home.close()
    await elsewhere.close()
  })

  const keysSeenBy = (stub: Stub): unknown[] => stub.requests.map((r) => r.headers.authorization)

  it('tests the saved URL with the saved key', async () => {
    const report = await main.call('connection.test', {
      profileId,
      baseUrl: `${home.url}/`,
      storeId: 'store-1',
    })
    expect(report.ok).toBe(true)
    expect(keysSeenBy(home)).toContain('Bearer good-key')
  })

  it('refuses to test another URL with the saved key, and sends nothing there', async () => {
    const error = await main
      .call('connection.test', { profileId, baseUrl: elsewhere.url, storeId: 'store-1' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BridgeCallError)
    expect(error).toMatchObject({ kind: 'validation' })
    expect((error as Error).message).toMatch(/enter the API key/i)
    expect(elsewhere.requests).toEqual([])
  })

  it('tests another URL with a key typed for it', async () => {
    const report = await main.call('connection.test', {
      profileId,
      baseUrl: elsewhere.url,
      storeId: 'store-1',
      apiKey: 'bills-only-key',
    })
    expect(report.keyAccepted).toBe(true)
    expect(keysSeenBy(elsewhere)).toEqual(['Bearer bills-only-key', 'Bearer bills-only-key'])
    elsewhere.requests.length = 0
  })

  it('refuses a new URL without a new key, and keeps the profile as it was', async () => {
    const error = await main
      .call('profiles.save', {
        id: profileId,
        name: 'Main street',
        baseUrl: elsewhere.url,
        storeId: 'store-1',
        apiKey: '',
      })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'validation' })
    expect((error as BridgeCallError).details).toEqual([
      expect.stringMatching(/^apiKey: /) as unknown,
    ])
    const { profiles } = await main.call('profiles.list', undefined)
    expect(profiles.find((p) => p.id === profileId)?.baseUrl).toBe(home.url)
    expect((await main.services.profiles.secret(profileId, 'api-key'))?.reveal()).toBe('good-key')
  })

  it('keeps the key for an edit that leaves the URL as it was (trailing slash, letter case)', async () => {
    const view = await main.call('profiles.save', {
      id: profileId,
      name: 'Main street shop',
      baseUrl: `${home.url.replace('http', 'HTTP')}/`,
      storeId: 'store-2',
      apiKey: '',
    })
    expect(view).toMatchObject({ name: 'Main street shop', apiKey: { set: true } })
  })

  it('moves to a new URL with the key entered again', async () => {
    const view = await main.call('profiles.save', {
      id: profileId,
      name: 'Main street shop',
      baseUrl: elsewhere.url,
      storeId: 'store-2',
      apiKey: 'bills-only-key',
    })
    expect(view).toMatchObject({ baseUrl: elsewhere.url, apiKey: { set: true, last4: '-key' } })
    const report = await main.call('connection.test', {
      profileId,
      baseUrl: elsewhere.url,
      storeId: 'store-2',
    })
    expect(report.keyAccepted).toBe(true)
  })
})
