/**
 * Conformance: authentication, the install and scopes (interface document §5.1, and the
 * errors and scopes of docs/service.md#errors and docs/service.md#scopes).
 */

import { beforeAll, describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../../src-demo/index'
import { api, control, startService, type ErrorBody } from '../support/demo-service'

const ENDPOINTS = [
  '/sales/bills/location/all',
  '/sales/bills/location/101',
  '/sales/bills/1000000001',
  '/expenses',
]

function expectErrorBody(body: ErrorBody, code: string, extraKeys: string[] = []): void {
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description', ...extraKeys].sort())
  expect(body.error).toBe(code)
  expect(typeof body.error_description).toBe('string')
  expect(body.error_description.length).toBeGreaterThan(0)
}

describe('Apps API authentication (interface §5.1; docs/service.md#errors)', () => {
  let service: DemoServiceHandle

  beforeAll(async () => {
    service = await startService({ appKey: 'app-key-good', controlToken: 'control-token-good' })
  })

  it.each(ENDPOINTS)('§5.1 with the key and store header, %s answers 200', async (path) => {
    expect((await api(service, path)).status).toBe(200)
  })

  it.each(ENDPOINTS)('errors: no Authorization header on %s → 401 unauthorized', async (path) => {
    const answer = await api<ErrorBody>(service, path, { Authorization: null })
    expect(answer.status).toBe(401)
    expectErrorBody(answer.body, 'unauthorized')
  })

  it.each([
    ['a wrong key', 'Bearer app-key-wrong'],
    ['the key without the Bearer scheme', 'app-key-good'],
    ['another scheme', 'Basic app-key-good'],
    ['the control token', 'Bearer control-token-good'],
  ])('errors: %s → 401 unauthorized', async (_, authorization) => {
    const answer = await api<ErrorBody>(service, '/sales/bills/location/all', {
      Authorization: authorization,
    })
    expect(answer.status).toBe(401)
    expectErrorBody(answer.body, 'unauthorized')
  })

  it('§5.1 X-Service-Store missing → 400 missing_store', async () => {
    const answer = await api<ErrorBody>(service, '/expenses', { 'X-Service-Store': null })
    expect(answer.status).toBe(400)
    expectErrorBody(answer.body, 'missing_store')
  })

  it('errors: an unknown store → 403 install_inactive', async () => {
    const answer = await api<ErrorBody>(service, '/sales/bills/location/all', {
      'X-Service-Store': 'someone-else',
    })
    expect(answer.status).toBe(403)
    expectErrorBody(answer.body, 'install_inactive')
  })

  it('errors: a bad key is reported before a missing store (401 first)', async () => {
    const answer = await api<ErrorBody>(service, '/expenses', {
      Authorization: 'Bearer nope',
      'X-Service-Store': null,
    })
    expect(answer.status).toBe(401)
  })

  it('errors: an unknown bill → 404 not_found', async () => {
    for (const id of ['1999999999', 'abc', '1']) {
      const answer = await api<ErrorBody>(service, `/sales/bills/${id}`)
      expect(answer.status).toBe(404)
      expectErrorBody(answer.body, 'not_found')
    }
  })

  it('errors: an unknown location or path → 404 not_found', async () => {
    for (const path of ['/sales/bills/location/999', '/sales/orders', '/']) {
      const answer = await api<ErrorBody>(service, path)
      expect(answer.status).toBe(404)
      expectErrorBody(answer.body, 'not_found')
    }
  })

  it('the Apps API is read-only: POST → 405 with Allow: GET', async () => {
    const response = await fetch(`${service.url}/apps-v1/expenses`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.appKey}`, 'X-Service-Store': service.storeId },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
  })

  it('the control API does not accept the app key (401)', async () => {
    const answer = await control<ErrorBody>(service, 'GET', '/state', undefined, service.appKey)
    expect(answer.status).toBe(401)
    expectErrorBody(answer.body, 'unauthorized')
  })
})

describe('Apps API scopes (interface §5.1 rule 1; docs/service.md#scopes)', () => {
  it('§5.1.1 without r/history-bill, bill calls → 403 insufficient_scope naming the scope', async () => {
    const service = await startService({ scopes: ['r/read-expenses'] })
    for (const path of ENDPOINTS.slice(0, 3)) {
      const answer = await api<ErrorBody>(service, path)
      expect(answer.status).toBe(403)
      expectErrorBody(answer.body, 'insufficient_scope', ['scope'])
      expect(answer.body.scope).toBe('r/history-bill')
    }
    expect((await api(service, '/expenses')).status).toBe(200)
  })

  it('§5.1.1 without r/read-expenses, expenses → 403 insufficient_scope naming the scope', async () => {
    const service = await startService({ scopes: ['r/history-bill'] })
    const answer = await api<ErrorBody>(service, '/expenses')
    expect(answer.status).toBe(403)
    expectErrorBody(answer.body, 'insufficient_scope', ['scope'])
    expect(answer.body.scope).toBe('r/read-expenses')
    expect((await api(service, '/sales/bills/location/all')).status).toBe(200)
  })
})
