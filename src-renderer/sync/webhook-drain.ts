import type { QueuedWebhook } from '../../src-shared/bridge/contract'
import { currencyExponent, toMinorUnits } from '../../src-shared/domain/money'
import { recordIdProblem } from '../../src-shared/domain/record-id'
import type { TillBridge } from '../bridge/client'
import type { TillDatabase } from '../cache/database'
import { closeSession, writeBills } from '../cache/writes'
import type { CollectionContext } from './collections'
import { DETAIL_PRIORITY, PAGE_SIZE } from './sync-engine'

const TAKE = 100

function text(data: Record<string, unknown>, key: string): string | null {
  const value = data[key]
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null
}

function time(data: Record<string, unknown>, key: string): number | null {
  const value = data[key]
  if (typeof value === 'number') return value * 1000
  if (typeof value !== 'string') return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

/** An id the detail request can carry; another (`..`, a NUL) would fail the whole batch it joins. */
function usableId(id: string | null): id is string {
  return id !== null && recordIdProblem(id) === null
}

/** Bill ids an event says changed: the bill, and for refunds and voids the parent too. */
function billsNamed(event: QueuedWebhook): string[] {
  const { data } = event.envelope
  switch (event.envelope.event) {
    case 'bill.created':
    case 'payment.created':
    case 'payment.reversed':
      return [text(data, 'bill_id')].filter(usableId)
    case 'bill.refunded':
    case 'bill.voided':
      return [text(data, 'bill_id'), text(data, 'parent_bill_id')].filter(usableId)
    default:
      return []
  }
}

async function fetchSession(ctx: CollectionContext, sessionId: string): Promise<void> {
  for (let page = 1; ; page++) {
    const {
      bills,
      quarantined,
      page: info,
    } = await ctx.reader.listBills({
      profileId: ctx.profileId,
      currency: ctx.currency,
      query: { page, limit: PAGE_SIZE, order_by: 'id:asc', q_register_session_id: sessionId },
    })
    await writeBills(ctx.db, {
      bills,
      quarantined,
      detailPriority: DETAIL_PRIORITY.live,
      timeZone: ctx.timeZone,
      now: ctx.now(),
    })
    if (!info.hasMore) return
  }
}

async function handle(
  ctx: CollectionContext,
  event: QueuedWebhook,
): Promise<{ expenses: boolean; reauthorized: boolean }> {
  const { envelope } = event
  const ids = billsNamed(event)
  if (ids.length) {
    await ctx.db.pendingDetails.bulkPut(ids.map((id) => ({ id, priority: DETAIL_PRIORITY.live })))
  }
  if (envelope.event === 'register_session.closed') {
    const sessionId = text(envelope.data, 'register_session_id')
    if (sessionId) {
      const currency = envelope.company?.currency ?? ctx.currency
      const opening = envelope.data['opening_cash']
      await closeSession(ctx.db, {
        id: sessionId,
        locationId: text(envelope.data, 'location_id') ?? '',
        openedAt: time(envelope.data, 'opened_at'),
        closedAt: time(envelope.data, 'closed_at'),
        openingCash:
          currency && (typeof opening === 'number' || typeof opening === 'string')
            ? toMinorUnits(opening, currencyExponent(currency))
            : null,
        timeZone: envelope.company?.timezone ?? ctx.timeZone,
      })
      await fetchSession(ctx, sessionId)
    }
  }
  return {
    expenses: envelope.event.startsWith('expense.'),
    reauthorized: envelope.event === 'app.reauthorized' || envelope.event === 'app.installed',
  }
}

/**
 * Takes what the webhook receiver queued, turns each event into work on the cache (bills to
 * fetch, a session to close and fetch whole), and acknowledges it once that is saved. An event
 * for another connection is acknowledged and left to that connection's sweep.
 */
export async function drainWebhooks(
  bridge: TillBridge,
  db: TillDatabase,
  ctx: CollectionContext,
): Promise<{ handled: number; expensesChanged: boolean; reauthorized: boolean }> {
  let handled = 0
  let expensesChanged = false
  let reauthorized = false
  let merchantNoted = false
  for (;;) {
    const { events } = await bridge.call('webhooks.take', { max: TAKE })
    if (events.length === 0) return { handled, expensesChanged, reauthorized }
    for (const event of events) {
      if (event.profileId !== ctx.profileId) continue
      if (await db.webhookIds.get(event.envelope.id)) continue
      const { company } = event.envelope
      if (!merchantNoted && (company?.currency || company?.timezone)) {
        merchantNoted = true
        await bridge.call('profiles.setMerchant', {
          id: ctx.profileId,
          currency: company.currency,
          timezone: company.timezone,
          onlyIfUnset: true,
        })
      }
      const result = await handle(ctx, event)
      expensesChanged ||= result.expenses
      reauthorized ||= result.reauthorized
      await db.webhookIds.put({ id: event.envelope.id, processedAt: ctx.now() })
      handled++
    }
    await bridge.call('webhooks.ack', { seqs: events.map((e) => e.seq) })
  }
}
