import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpGet } from '../../../../src-main/apps-api/http-get'
import { testConnection } from '../../../../src-main/features/connections/connection-test'
import { Secret } from '../../../../src-main/logging/secret'
import { startStubAppsApi } from '../../../support/stub-apps-api'

const httpGet = createHttpGet()

describe('Test connection (errors and scopes)', () => {
  let stub: Awaited<ReturnType<typeof startStubAppsApi>>
  beforeAll(async () => {
    stub = await startStubAppsApi()
  })
  afterAll(() => stub.close())

  const run = (key: string, storeId = 'store-1') =>
    testConnection({ baseUrl: stub.url, storeId, apiKey: new Secret(key) }, httpGet)

  it('sends the key as a Bearer token and the store as X-Service-Store (interface §5.1)', async () => {
    stub.requests.length = 0
    await run('good-key', 'store-42')
    expect(stub.requests.map((r) => r.path).sort()).toEqual([
      '/apps-v1/expenses?page=1&limit=1',
      '/apps-v1/sales/bills/location/all?page=1&limit=1',
    ])
    for (const r of stub.requests) {
      expect(r.headers.authorization).toBe('Bearer good-key')
      expect(r.headers['x-service-store']).toBe('store-42')
    }
  })

  it('reports a working key with both areas allowed', async () => {
    const report = await run('good-key')
    expect(report).toMatchObject({
      ok: true,
      reachable: true,
      keyAccepted: true,
      areas: { bills: { allowed: true }, expenses: { allowed: true } },
    })
  })

  it('reports a refused key (401) in plain words, with no area checked', async () => {
    const report = await run('wrong-key')
    expect(report.ok).toBe(false)
    expect(report.keyAccepted).toBe(false)
    expect(report.summary).toMatch(/refused the API key/)
    expect(report.areas.bills.allowed).toBeNull()
  })

  it('disables only the area whose scope is missing (403 insufficient_scope)', async () => {
    const report = await run('bills-only-key')
    expect(report.ok).toBe(false)
    expect(report.keyAccepted).toBe(true)
    expect(report.areas.bills.allowed).toBe(true)
    expect(report.areas.expenses.allowed).toBe(false)
    expect(report.areas.expenses.message).toContain('r/read-expenses')
    expect(report.summary).toMatch(/can read bills only/)
  })

  it('says when neither area is allowed', async () => {
    const report = await run('no-scope-key')
    expect(report.areas.bills.message).toContain('r/history-bill')
    expect(report.areas.expenses.message).toContain('r/read-expenses')
    expect(report.summary).toMatch(/neither bills nor expenses/)
  })

  it('explains an uninstalled store (403 install_inactive)', async () => {
    const report = await run('gone-store-key')
    expect(report).toMatchObject({ ok: false, keyAccepted: true })
    expect(report.summary).toMatch(/not installed for this store/)
  })

  it('copes with an HTML error page', async () => {
    const report = await run('html-key')
    expect(report).toMatchObject({ ok: false, reachable: true })
    expect(report.summary).toMatch(/HTTP 502/)
  })

  it('explains an unreachable service', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const report = await testConnection(
      { baseUrl: `http://127.0.0.1:${closed}`, storeId: 's', apiKey: new Secret('good-key') },
      httpGet,
    )
    expect(report).toMatchObject({ ok: false, reachable: false })
    expect(report.summary).toMatch(/couldn't reach 127\.0\.0\.1/)
  })
})
