import { afterEach, describe, expect, it } from 'vitest'
import { AppsApiClient } from '../../../src-main/apps-api/client'
import { createHttpGet } from '../../../src-main/apps-api/http-get'
import {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  parseRetryAfter,
} from '../../../src-main/apps-api/retry'
import { AuthError, NetworkError, ScopeError, ServiceError } from '../../../src-main/till-errors'
import { createLogger } from '../../../src-main/logging/logger'
import { Secret } from '../../../src-main/logging/secret'
import {
  dropConnection,
  json,
  startScriptedServer,
  truncated,
  type Scripted,
} from '../../support/scripted-server'

const page = { data: [], meta: { page: 1, limit: 20, total: 0, last_page: 1 } }
let server: Awaited<ReturnType<typeof startScriptedServer>> | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

async function clientFor(steps: Scripted[], random = () => 0.5) {
  server = await startScriptedServer(steps)
  const delays: number[] = []
  const client = new AppsApiClient(
    { baseUrl: server.url, storeId: 'st-1', apiKey: new Secret('client-test-key-1') },
    {
      httpGet: createHttpGet(),
      log: createLogger('test'),
      sleep: async (ms) => void delays.push(ms),
      random,
      now: () => Date.parse('2026-11-22T10:00:00Z'),
      timeoutMs: 2_000,
    },
  )
  return { client, delays }
}

describe('Apps API client retries (issue 4)', () => {
  it('retries 5xx, dropped connections and truncated bodies, then succeeds', async () => {
    const { client, delays } = await clientFor([
      json(503, { error: 'unavailable' }),
      dropConnection,
      truncated(page),
      json(500, '<html>'),
      json(200, page),
    ])
    expect(await client.get('/expenses')).toEqual(page)
    expect(server!.hits()).toBe(5)
    // Full jitter with random()=0.5: half of base·2^attempt.
    expect(delays).toEqual(
      [1, 2, 3, 4].map((attempt) => backoffDelay(attempt, DEFAULT_RETRY_POLICY, () => 0.5)),
    )
  })

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    const { client, delays } = await clientFor([
      json(429, { error: 'rate_limited' }, { 'Retry-After': '3' }),
      json(429, { error: 'rate_limited' }, { 'Retry-After': 'Sun, 22 Nov 2026 10:00:05 GMT' }),
      json(200, page),
    ])
    await client.get('/expenses')
    expect(delays).toEqual([3000, 5000])
  })

  it('gives up with a typed error after the last attempt', async () => {
    const { client } = await clientFor([json(502, { error: 'bad_gateway' })])
    await expect(client.get('/expenses')).rejects.toBeInstanceOf(ServiceError)
    expect(server!.hits()).toBe(DEFAULT_RETRY_POLICY.maxAttempts)
    const dropped = await clientFor([dropConnection])
    await server!.close()
    server = null
    await expect(dropped.client.get('/expenses')).rejects.toBeInstanceOf(NetworkError)
  })

  it('gives up at once when Retry-After is longer than it will wait', async () => {
    const { client } = await clientFor([
      json(429, { error: 'rate_limited' }, { 'Retry-After': '3600' }),
    ])
    await expect(client.get('/expenses')).rejects.toThrow(/slow down/)
    expect(server!.hits()).toBe(1)
  })

  it('never retries a refused key or a missing scope', async () => {
    const refused = await clientFor([json(401, { error: 'unauthorized' })])
    await expect(refused.client.get('/expenses')).rejects.toBeInstanceOf(AuthError)
    expect(server!.hits()).toBe(1)
    await server!.close()
    const scope = await clientFor([
      json(403, { error: 'insufficient_scope', scope: 'r/read-expenses' }),
    ])
    const error = await scope.client.get('/expenses').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ScopeError)
    expect((error as ScopeError).details?.[0]).toBe('r/read-expenses')
    expect(server!.hits()).toBe(1)
  })

  it('returns null for a bill the service no longer has', async () => {
    const { client } = await clientFor([json(404, { error: 'not_found' })])
    expect(await client.getBill('gone', 'USD')).toBeNull()
  })

  it('parses Retry-After forms', () => {
    const now = Date.parse('2026-11-22T10:00:00Z')
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter(null, now)).toBeNull()
  })
})
