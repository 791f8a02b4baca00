import { merchantFactsInput, type QueuedWebhook } from '../../../src-shared/bridge/contract'
import { currencyExponent, toMinorUnits } from '../../../src-shared/domain/money'
import { recordIdProblem } from '../../../src-shared/domain/record-id'
import { BridgeCallError, type TillBridge } from '../../bridge/bridge-client'
import type { TillDatabase } from '../../database/database'
import { quarantineMerchantFact } from '../../sync/tables/merchant-quarantine'
import { noteApplied, wasApplied } from '../tables/applied-webhooks'
import { closeSession, queueForDetail, writeBills } from '../../sync/tables/writes'
import type { CollectionContext } from '../../sync/jobs/collections'
import { DETAIL_PRIORITY, PAGE_SIZE } from '../../sync/jobs/sync-engine'

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

interface MerchantFacts {
  currency?: string
  timezone?: string
}

/**
 * The shop's currency and time zone as the event states them, each only if it is one: a fact
 * that is not (a currency "RUPIAH", a zone "WIB") is left out and kept under Problems — once per
 * drain for each value (`noted`), not once per event: each write to the problems table makes an
 * open Problems screen read the whole table again.
 */
async function merchantFacts(
  ctx: CollectionContext,
  event: QueuedWebhook,
  noted: Set<string>,
): Promise<MerchantFacts> {
  const { company } = event.envelope
  const facts: MerchantFacts = {}
  const stated = { currency: company?.currency, timezone: company?.timezone }
  for (const field of ['currency', 'timezone'] as const) {
    const value = stated[field]
    if (value === undefined) continue
    const parsed = merchantFactsInput.shape[field].safeParse(value)
    if (parsed.success && parsed.data !== undefined) {
      facts[field] = parsed.data
      continue
    }
    const noteKey = `${field}:${value}`
    if (noted.has(noteKey)) continue
    noted.add(noteKey)
    await quarantineMerchantFact(ctx.db, {
      field,
      company,
      reason: `Event ${event.envelope.id} gave the shop’s ${field === 'currency' ? 'currency' : 'time zone'} as “${value.slice(0, 60)}”, which is not one; Till ignored it.`,
      seenAt: ctx.now(),
    })
  }
  return facts
}

/**
 * Whether a failure lies with the connection or the cache (offline, key refused, cache closed or
 * full) rather than with the event: then the event stays queued for the next drain.
 */
function isPassing(error: unknown): boolean {
  if (error instanceof BridgeCallError)
    return !['validation', 'not_found', 'internal'].includes(error.kind)
  const name = (error as { name?: string } | null)?.name
  return [
    'DatabaseClosedError',
    'QuotaExceededError',
    'AbortError',
    'InvalidStateError',
    'OpenFailedError',
    'MissingAPIError',
    'VersionChangeError',
  ].includes(name ?? '')
}

function unappliedReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return `Till could not apply this event: ${message}`.slice(0, 2000)
}

async function handle(
  ctx: CollectionContext,
  event: QueuedWebhook,
  merchant: MerchantFacts,
): Promise<{ expenses: boolean; reauthorized: boolean }> {
  const { envelope } = event
  const ids = billsNamed(event)
  if (ids.length) {
    await queueForDetail(ctx.db, ids, DETAIL_PRIORITY.live)
  }
  if (envelope.event === 'register_session.closed') {
    const sessionId = text(envelope.data, 'register_session_id')
    if (sessionId) {
      const currency = merchant.currency ?? ctx.currency
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
        timeZone: merchant.timezone ?? ctx.timeZone,
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
 * for another connection is acknowledged and left to that connection's sweep. An event that
 * cannot be applied is set aside in main with the reason (Problems lists it) and the drain moves
 * on; a failure of the connection or the cache stops the drain with the event still queued, and
 * so does `signal` (the connection is closing), before the next event.
 */
export async function drainWebhooks(
  bridge: TillBridge,
  db: TillDatabase,
  ctx: CollectionContext,
  signal?: AbortSignal,
): Promise<{ handled: number; expensesChanged: boolean; reauthorized: boolean }> {
  let handled = 0
  let expensesChanged = false
  let reauthorized = false
  let merchantNoted = false
  const unusableFactsNoted = new Set<string>()
  const summary = () => ({ handled, expensesChanged, reauthorized })
  for (;;) {
    if (signal?.aborted) return summary()
    const { events } = await bridge.call('webhooks.take', { max: TAKE })
    if (events.length === 0) return summary()
    const done: number[] = []
    let stoppedAt = events.length
    let failure: { error: unknown } | null = null
    for (const [index, event] of events.entries()) {
      if (signal?.aborted) {
        stoppedAt = index
        break
      }
      try {
        if (event.profileId === ctx.profileId && !(await wasApplied(db, event.envelope.id))) {
          const merchant = await merchantFacts(ctx, event, unusableFactsNoted)
          if (!merchantNoted && (merchant.currency || merchant.timezone)) {
            merchantNoted = true
            await bridge.call('profiles.setMerchant', {
              id: ctx.profileId,
              ...merchant,
              onlyIfUnset: true,
            })
          }
          const result = await handle(ctx, event, merchant)
          expensesChanged ||= result.expenses
          reauthorized ||= result.reauthorized
          await noteApplied(db, event.envelope.id, ctx.now())
          handled++
        }
        done.push(event.seq)
      } catch (error) {
        if (isPassing(error)) {
          stoppedAt = index
          failure = { error }
          break
        }
        await bridge.call('webhooks.setAside', { seq: event.seq, reason: unappliedReason(error) })
      }
    }
    if (done.length) await bridge.call('webhooks.ack', { seqs: done })
    // Not applied through no fault of their own: handed back without counting as attempts.
    const untried = events.slice(stoppedAt).map((e) => e.seq)
    if (untried.length) await bridge.call('webhooks.release', { seqs: untried })
    if (failure) throw failure.error
  }
}
