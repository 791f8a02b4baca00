import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterAll, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../../../src-shared/bridge/contract'
import { createServices } from '../../../../src-main/services'
import { createBridgeClient } from '../../../../src-renderer/bridge/bridge-client'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { ServiceReader } from '../../../../src-renderer/sync/jobs/service-reader'
import { drainWebhooks } from '../../../../src-renderer/webhooks/jobs/webhook-drain'
import { postSigned, webhookBody } from '../../../support/sign-webhook'
import { receiverDataDir, testKeychain } from '../../../support/receiver-fixture'

const SECRET = 'whsec_BridgeShop77889900'

describe('webhook channels through main services', () => {
  const keychain = testKeychain()
  const services = createServices({
    dataDir: receiverDataDir(),
    secrets: keychain.secrets,
    shell: 'browser',
    version: 'test',
    openExternal: async () => undefined,
  })
  const call = async (channel: string, input?: unknown): Promise<unknown> => {
    const result = await services.dispatch(channel, input)
    if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
    return result.value
  }
  const emitted: BridgeEvent[] = []
  services.events.subscribe((event) => emitted.push(event))

  afterAll(async () => {
    await services.stop()
    await keychain.cleanUp()
  })

  it('receives once started, and the renderer takes and acknowledges through the bridge', async () => {
    await services.start()
    await call('profiles.save', {
      name: 'Bridge shop',
      baseUrl: 'https://pos.example.com',
      storeId: 'st-bridge',
      apiKey: 'key-bridge-0123456789',
      webhookSecret: SECRET,
    })
    const { url } = (await call('webhooks.status')) as { url: string }
    const body = webhookBody('st-bridge', 'expense.created', { expense_id: 'e-1' })
    expect((await postSigned(url, SECRET, body)).status).toBe(200)
    await expect
      .poll(() => emitted.find((e) => e.name === 'webhooks.queued')?.payload)
      .toEqual({ pending: 1 })

    const { events } = (await call('webhooks.take', { max: 10 })) as {
      events: Array<{ seq: number; envelope: { id: string } }>
    }
    expect(events.map((e) => e.envelope.id)).toEqual([JSON.parse(body).id])
    expect(await call('webhooks.ack', { seqs: events.map((e) => e.seq) })).toEqual({ pending: 0 })
    expect(await call('webhooks.take', { max: 10 })).toEqual({ events: [] })
    expect(await call('webhooks.status')).toMatchObject({
      listening: true,
      accepted: 1,
      pending: 0,
    })
  })

  it('queues no detail fetch for a bill id that is a dot-segment or holds a control character (issue 14, 5)', async () => {
    const { url } = (await call('webhooks.status')) as { url: string }
    const { profiles } = (await call('profiles.list')) as {
      profiles: Array<{ id: string; storeId: string }>
    }
    for (const billId of ['..', '.', 'b-\u0000x', 'b-9'])
      expect(
        (
          await postSigned(
            url,
            SECRET,
            webhookBody('st-bridge', 'bill.created', { bill_id: billId }),
          )
        ).status,
      ).toBe(200)
    const db = new TillDatabase(`till-drain-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    const bridge = createBridgeClient({
      call: (channel, input) => services.dispatch(channel, input),
      subscribe: () => () => undefined,
    })
    const { handled } = await drainWebhooks(bridge, db, {
      db,
      reader: {} as ServiceReader,
      profileId: profiles.find((p) => p.storeId === 'st-bridge')!.id,
      currency: 'IDR',
      timeZone: 'Asia/Jakarta',
      now: () => Date.now(),
    })
    expect(handled).toBe(4)
    expect(await db.pendingDetails.toCollection().primaryKeys()).toEqual(['b-9'])
    db.close()
  })

  it('checks new receiver settings before using them', async () => {
    const result = await services.dispatch('webhooks.configure', {
      host: '127.0.0.1',
      port: 0,
      path: 'no-slash',
    })
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect(await call('webhooks.status')).toMatchObject({ listening: true })
  })

  it('listens on this PC only, on a port from 1024 (issue 27, 7)', async () => {
    const before = (await call('webhooks.status')) as { url: string }
    const refusal = async (settings: Record<string, unknown>) => {
      const result = await services.dispatch('webhooks.configure', {
        path: '/webhooks',
        ...settings,
      })
      return result.ok ? null : result.error.details
    }
    const elsewhere = [
      'host: The receiver listens on this PC only: 127.0.0.1 (or ::1). To receive from the service, run a tunnel on this PC to that address.',
    ]
    expect(await refusal({ host: '0.0.0.0', port: 0 })).toEqual(elsewhere)
    expect(await refusal({ host: '192.168.1.20', port: 0 })).toEqual(elsewhere)
    expect(await refusal({ host: 'localhost.evil.example', port: 0 })).toEqual(elsewhere)
    const lowPort = [
      'port: Choose a port from 1024 to 65535: lower ones belong to system services (such as 22 for SSH).',
    ]
    expect(await refusal({ host: '127.0.0.1', port: 22 })).toEqual(lowPort)
    expect(await refusal({ host: '127.0.0.1', port: 1023 })).toEqual(lowPort)
    expect(await refusal({ host: '127.0.0.1', port: 65536 })).toEqual(lowPort)
    expect(await call('webhooks.status')).toMatchObject({ listening: true, url: before.url })
  })
})
