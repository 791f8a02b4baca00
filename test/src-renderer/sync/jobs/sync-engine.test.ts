import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoService, type DemoServiceHandle } from '../../../../src-demo'
import { currencyExponent, toMinorUnits } from '../../../../src-shared/domain/money'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { sessionBillsAndPayments } from '../../../../src-renderer/sessions/tables/load-session'
import { SyncEngine } from '../../../../src-renderer/sync/jobs/sync-engine'
import type { ServiceReader } from '../../../../src-renderer/sync/jobs/service-reader'
import { inProcessMain } from '../../../support/main-bridge'
import { demoControl, type DemoControl } from '../../../support/demo-control'
import { requireSessionKeyring } from '../../../support/keyring'

const TIME_ZONE = 'Asia/Jakarta'
const CURRENCY = 'IDR'

type JsonBill = {
  id: string
  updated_at: string
  total: number
  amount_paid: number
  payments: {
    id: string
    amount: number
    reversed_at: string | null
    register_session_id: string | null
  }[]
  lines: unknown[]
}
type JsonExpense = { id: string; updated_at: string; amount: number }

/** The service's truth and the cache, reduced to what must agree: ids, versions and money. */
async function compare(demo: DemoServiceHandle, db: TillDatabase): Promise<void> {
  const exponent = currencyExponent(CURRENCY)
  const minor = (v: number) => toMinorUnits(v, exponent)
  const truth = [...demo.shop.bills()] as unknown as JsonBill[]
  const cached = await db.bills.toArray()
  expect(cached.length).toBe(truth.length)
  const byId = new Map(cached.map((b) => [b.id, b]))
  for (const bill of truth) {
    const mine = byId.get(bill.id)
    expect(mine, `bill ${bill.id} missing`).toBeDefined()
    expect({
      id: mine!.id,
      updatedAt: mine!.updatedAt,
      hasDetail: mine!.hasDetail,
      total: mine!.total,
      paid: mine!.amountPaid,
      lines: mine!.lines.length,
      payments: mine!.payments.map((p) => [p.id, p.amount, p.reversedAt !== null]),
    }).toEqual({
      id: bill.id,
      updatedAt: Date.parse(bill.updated_at),
      hasDetail: true,
      total: Math.abs(minor(bill.total)),
      paid: Math.abs(minor(bill.amount_paid)),
      lines: bill.lines.length,
      payments: bill.payments.map((p) => [p.id, Math.abs(minor(p.amount)), p.reversed_at !== null]),
    })
  }
  // Each session's payments, late ones on other sessions' bills among them, as the service has them.
  const truthSessions = new Map<string, string[]>()
  for (const p of truth.flatMap((b) => b.payments))
    if (p.register_session_id)
      truthSessions.set(p.register_session_id, [
        ...(truthSessions.get(p.register_session_id) ?? []),
        p.id,
      ])
  for (const [session, ids] of truthSessions)
    expect((await sessionBillsAndPayments(db, session)).payments.map((p) => p.id).sort()).toEqual(
      ids.sort(),
    )
  const expenses = demo.shop.expenses() as unknown as JsonExpense[]
  const cachedExpenses = new Map((await db.expenses.toArray()).map((e) => [e.id, e]))
  expect(cachedExpenses.size).toBe(expenses.length)
  for (const e of expenses)
    expect([cachedExpenses.get(e.id)?.updatedAt, cachedExpenses.get(e.id)?.amount]).toEqual([
      Date.parse(e.updated_at),
      minor(e.amount),
    ])
  expect(await db.pendingDetails.count()).toBe(0)
  expect(await db.quarantine.count()).toBe(0)
}

describe('sync engine against the demo service (issue 4)', () => {
  const main = inProcessMain()
  let demo: DemoServiceHandle
  let control: DemoControl
  let reader: ServiceReader
  let profileId: string
  /** The cache the first test synced; the next one continues from it. */
  let synced: TillDatabase | null = null

  beforeAll(async () => {
    requireSessionKeyring()
    demo = await startDemoService({
      seed: 41,
      days: 66,
      locations: 3,
      billsPerSession: 60,
      currency: CURRENCY,
      timezone: TIME_ZONE,
      now: '2026-11-20T15:00:00Z',
    })
    control = demoControl(demo.url, demo.controlToken)
    const profile = await main.call('profiles.save', {
      name: 'Demo',
      baseUrl: demo.url,
      storeId: demo.storeId,
      apiKey: demo.appKey,
    })
    profileId = profile.id
    reader = {
      listBills: (input) => main.call('service.bills.list', input),
      getBills: (input) => main.call('service.bills.get', input),
      listExpenses: (input) => main.call('service.expenses.list', input),
    }
  })
  afterAll(async () => {
    await demo?.close()
    await main.cleanup()
  })

  const engineFor = (db: TillDatabase) =>
    new SyncEngine({
      db,
      reader,
      profileId,
      currency: CURRENCY,
      timeZone: TIME_ZONE,
      now: Date.now,
    })
  const freshDb = () =>
    new TillDatabase(`till-test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange })

  it('converges exactly with every fault on, killed at 12 random points and resumed', async () => {
    expect(demo.shop.billCount()).toBeGreaterThanOrEqual(20_000)
    await control('PUT', '/faults', {
      server_error: { rate: 0.03 },
      rate_limited: { rate: 0.02, retry_after: 0 },
      slow: { rate: 0.01, delay_ms: 150 },
      dropped_connection: { rate: 0.02 },
      truncated_body: { rate: 0.02 },
      inserts_while_paging: { rate: 0.05, count: 3 },
    })
    const db = freshDb()
    let kills = 0
    for (; kills < 12; kills++) {
      const controller = new AbortController()
      setTimeout(() => controller.abort(), 150 + Math.floor(Math.random() * 1500))
      const outcome = await engineFor(db).run({ signal: controller.signal })
      if (outcome.ok) break
      expect(outcome).toMatchObject({ ok: false, kind: 'cancelled' })
    }
    expect(kills).toBeGreaterThanOrEqual(10)
    await control('DELETE', '/faults')
    // Inserted while the last pages were read: the next run (the periodic sweep) picks them up.
    const final = await engineFor(db).run({ signal: new AbortController().signal })
    expect(final).toMatchObject({ ok: true, bills: { enabled: true }, expenses: { enabled: true } })
    await compare(demo, db)
    synced = db
  }, 600_000)

  it('picks up new sales, refunds and voids on the next run', async () => {
    const db = synced!
    const sales = await control<{ data: { id: string }[] }>('POST', '/sales', { count: 5 })
    const [a, b] = sales.data
    await control('POST', `/bills/${a!.id}/void`)
    await control('POST', `/bills/${b!.id}/refund`, {})
    const progress: number[] = []
    const outcome = await engineFor(db).run({
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p.done),
    })
    expect(outcome.ok).toBe(true)
    expect(progress.at(-1)).toBeGreaterThan(0)
    await compare(demo, db)
    const voided = await db.bills.where('parentBillId').equals(a!.id).toArray()
    expect(voided.map((v) => v.type)).toEqual(['void'])
  }, 300_000)
})
