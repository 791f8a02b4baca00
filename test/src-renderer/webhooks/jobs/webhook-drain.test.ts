import { describe, expect, it } from 'vitest'
import { envelopeFor, useDrainBench } from '../../../support/drain-fixture'

describe('webhook drain: no event holds the ones behind it (issue 14, item 1)', () => {
  const bench = useDrainBench()

  it('applies events whose shop details are not valid without those details, and keeps them under Problems', async () => {
    const sent = [
      envelopeFor({
        id: 'evt_rupiah',
        event: 'bill.created',
        company: { currency: 'RUPIAH', timezone: 'Asia/Jakarta' },
        data: { bill_id: 'b-rupiah' },
      }),
      envelopeFor({
        id: 'evt_zone',
        event: 'register_session.closed',
        company: { currency: 'IDR', timezone: 'Western Indonesia Time' },
        data: {
          register_session_id: 'rs-1',
          location_id: 'loc-1',
          opened_at: '2026-11-20T01:00:00Z',
          closed_at: '2026-11-20T14:00:00Z',
          opening_cash: '500000',
        },
      }),
      envelopeFor({ id: 'evt_after', event: 'bill.created', data: { bill_id: 'b-after' } }),
    ]
    for (const envelope of sent) expect((await bench().post(envelope)).status).toBe(200)

    expect(await bench().drain()).toMatchObject({ handled: 3 })

    expect((await bench().call('webhooks.status')).pending).toBe(0)
    expect((await bench().db.webhookIds.toCollection().primaryKeys()).sort()).toEqual([
      'evt_after',
      'evt_rupiah',
      'evt_zone',
    ])
    expect((await bench().db.pendingDetails.toCollection().primaryKeys()).sort()).toEqual([
      'b-after',
      'b-rupiah',
    ])
    // The session is closed on the connection's own zone, its business date in Jakarta.
    expect(await bench().db.sessions.get('rs-1')).toMatchObject({
      status: 'closed',
      businessDate: '2026-11-20',
      openingCash: 500000,
    })
    const problems = await bench().db.quarantine.where('kind').equals('merchant').toArray()
    expect(problems.map((p) => [p.id, p.reason])).toEqual([
      ['currency', expect.stringContaining('“RUPIAH”')],
      ['timezone', expect.stringContaining('“Western Indonesia Time”')],
    ])
    expect((await bench().call('webhooks.setAsideList', {})).events).toEqual([])
  })

  it('notes a shop detail that is not one once per drain, not once per event (issue 27, 5)', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `evt_ringgit_${i + 1}`)
    for (const [i, id] of ids.entries()) {
      const envelope = envelopeFor({
        id,
        event: 'bill.created',
        company: { currency: 'RINGGIT', timezone: 'Asia/Jakarta' },
        data: { bill_id: `b-ringgit-${i}` },
      })
      expect((await bench().post(envelope)).status).toBe(200)
    }
    const { db } = bench()
    let writes = 0
    const count = () => void writes++
    db.quarantine.hook('creating', count)
    db.quarantine.hook('updating', count)
    try {
      expect(await bench().drain()).toMatchObject({ handled: 40 })
    } finally {
      db.quarantine.hook('creating').unsubscribe(count)
      db.quarantine.hook('updating').unsubscribe(count)
    }
    // Each write makes an open Problems screen read the whole table again.
    expect(writes).toBe(1)
    expect((await db.quarantine.get('merchant:currency'))?.reason).toBe(
      'Event evt_ringgit_1 gave the shop’s currency as “RINGGIT”, which is not one; Till ignored it.',
    )
  })

  it('sets aside an event that cannot be applied, with its reason and the raw event, and goes on', async () => {
    const broken = envelopeFor({
      id: 'evt_broken',
      event: 'register_session.closed',
      data: { register_session_id: 'rs-2', location_id: 'loc-1', opening_cash: 'lots' },
    })
    const behind = envelopeFor({
      id: 'evt_behind',
      event: 'bill.created',
      data: { bill_id: 'b-2' },
    })
    expect((await bench().post(broken)).status).toBe(200)
    expect((await bench().post(behind)).status).toBe(200)

    expect(await bench().drain()).toMatchObject({ handled: 1 })

    expect((await bench().call('webhooks.status')).pending).toBe(0)
    expect(await bench().db.webhookIds.get('evt_behind')).toBeDefined()
    const [aside, ...more] = (await bench().call('webhooks.setAsideList', {})).events
    expect(more).toEqual([])
    expect(aside).toMatchObject({
      envelope: { id: 'evt_broken', data: { opening_cash: 'lots' } },
      reason: expect.stringContaining('“lots” is not an amount'),
    })

    // Retried, it is applied again, fails again, and is set aside again; dismissed, it is gone.
    expect(await bench().call('webhooks.retry', { seqs: [aside!.seq] })).toEqual({ pending: 1 })
    expect((await bench().call('webhooks.setAsideList', {})).events).toEqual([])
    expect(await bench().drain()).toMatchObject({ handled: 0 })
    expect((await bench().call('webhooks.setAsideList', {})).events.map((e) => e.seq)).toEqual([
      aside!.seq,
    ])
    expect(await bench().call('webhooks.ack', { seqs: [aside!.seq] })).toEqual({ pending: 0 })
    expect((await bench().call('webhooks.setAsideList', {})).events).toEqual([])
  })
})
