/**
 * Installs (interface §3.2 and §6 app.* events; docs/service.md#errors install_inactive,
 * docs/service.md#events): uninstalling deactivates the Apps API and sends app.uninstalled;
 * installing again sends app.installed, reauthorizing app.reauthorized, each with the granted
 * scopes.
 */

import { describe, expect, it } from 'vitest'
import { api, control, startReceiver, startService, type ErrorBody } from '../support/demo-service'

const eventsOf = (received: { raw: string }[]) =>
  received.map((webhook) => JSON.parse(webhook.raw) as { event: string; data: unknown })

describe('install lifecycle', () => {
  it('uninstall → 403 install_inactive and app.uninstalled {}; shop events stop; install → app.installed; reauthorize → app.reauthorized', async () => {
    const receiver = await startReceiver()
    const service = await startService({
      webhookUrl: receiver.url,
      webhookRetryBaseMs: 50,
      webhookDuplicateRate: 0,
    })
    expect((await control(service, 'POST', '/install/uninstall')).status).toBe(200)
    for (const path of ['/sales/bills/location/all', '/sales/bills/1000000001', '/expenses']) {
      const answer = await api<ErrorBody>(service, path)
      expect(answer.status).toBe(403)
      expect(answer.body.error).toBe('install_inactive')
    }
    await control(service, 'POST', '/sales', { count: 2 })
    await service.shop.webhooksIdle()
    expect(eventsOf(receiver.received)).toEqual([
      expect.objectContaining({ event: 'app.uninstalled', data: {} }),
    ])

    expect((await control(service, 'POST', '/install/install')).status).toBe(200)
    expect((await api(service, '/sales/bills/location/all')).status).toBe(200)
    const reauthorized = await control(service, 'POST', '/install/reauthorize', {
      scopes: ['r/history-bill'],
    })
    expect(reauthorized.status).toBe(200)
    const expenses = await api<ErrorBody>(service, '/expenses')
    expect(expenses.status).toBe(403)
    expect(expenses.body).toMatchObject({ error: 'insufficient_scope', scope: 'r/read-expenses' })

    await service.shop.webhooksIdle()
    expect(eventsOf(receiver.received).map((e) => [e.event, e.data])).toEqual([
      ['app.uninstalled', {}],
      ['app.installed', { scopes: ['r/history-bill', 'r/read-expenses'] }],
      ['app.reauthorized', { scopes: ['r/history-bill'] }],
    ])
    for (const webhook of receiver.received) {
      expect(JSON.parse(webhook.raw).install).toEqual({ store_id: service.storeId })
    }
  })

  it('uninstalling twice, installing while installed and reauthorizing while uninstalled are conflicts (409)', async () => {
    const service = await startService()
    expect((await control(service, 'POST', '/install/install')).status).toBe(409)
    expect((await control(service, 'POST', '/install/uninstall')).status).toBe(200)
    expect((await control(service, 'POST', '/install/uninstall')).status).toBe(409)
    expect((await control(service, 'POST', '/install/reauthorize')).status).toBe(409)
  })
})
