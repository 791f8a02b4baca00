import fc from 'fast-check'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
} from '../../../../src-shared/bridge/contract'
import { createServices } from '../../../../src-main/services'
import { BridgeCallError } from '../../../../src-renderer/bridge/bridge-client'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { SyncEngine } from '../../../../src-renderer/sync/jobs/sync-engine'
import type { ServiceReader } from '../../../../src-renderer/sync/jobs/service-reader'
import { checkProperty } from '../../../support/fuzz-settings'
import { memorySecrets } from '../../../support/memory-secrets'

const summary = (id: string) => ({
  id,
  number: `N-${id}`,
  type: 'sale',
  status: 'paid',
  location_id: 'loc-1',
  register_session_id: 'rs-1',
  parent_bill_id: null,
  currency: 'USD',
  total: 11,
  total_tax: 1,
  amount_paid: 11,
  amount_due: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})
const detail = (id: string) => ({
  ...summary(id),
  subtotal: 10,
  lines: [
    {
      id: `${id}-l`,
      variant_id: 'v',
      name: 'Tea',
      quantity: 1,
      unit_price: 10,
      total: 10,
      taxes: [],
    },
  ],
  discounts: [],
  fees: [],
  taxes: [{ name: 'VAT', rate: 10, amount: 1 }],
  payments: [
    {
      id: `${id}-p`,
      method: 'cash',
      amount: 11,
      created_at: '2026-11-20T10:01:00Z',
      register_session_id: 'rs-1',
      reversed_at: null,
    },
  ],
})

/** A summary with one field (not its id) changed to anything or removed, or not a bill at all. */
const badItem = (id: string): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc
      .record({
        key: fc.constantFrom(...Object.keys(summary(id)).filter((k) => k !== 'id')),
        value: fc.jsonValue(),
      })
      .map(({ key, value }) => ({ ...summary(id), [key]: value })),
    fc.jsonValue(),
  )

/** What the service holds in one run: good bills and bad list items, details good or broken. */
const shop = fc.record({
  good: fc.integer({ min: 0, max: 6 }),
  bad: fc
    .array(fc.nat(), { maxLength: 6 })
    .chain((keys) => fc.tuple(...keys.map((k) => badItem(`bad-${k}`)))),
  brokenDetail: fc.jsonValue(),
  expenses: fc.array(fc.jsonValue(), { maxLength: 3 }),
})

const dbs: TillDatabase[] = []
afterAll(() => dbs.forEach((db) => db.close()))

describe('sync engine over fuzzed service answers', () => {
  it('never throws out of a run; good bills are cached with their details, bad items kept aside', async () => {
    await checkProperty(
      fc.asyncProperty(shop, async ({ good, bad, brokenDetail, expenses }) => {
        const goodIds = Array.from({ length: good }, (_, i) => `good-${i}`)
        const listed = [...goodIds.map(summary), ...bad]
        const services = createServices({
          dataDir: mkdtempSync(join(tmpdir(), 'till-fuzz-sync-')),
          secrets: memorySecrets(),
          shell: 'browser',
          version: 'fuzz',
          openExternal: async () => undefined,
          httpGet: async (url) => {
            const path = url.pathname.replace('/apps-v1', '')
            const json = (body: unknown) => ({
              status: 200,
              text: JSON.stringify(body),
              retryAfter: null,
            })
            if (path.startsWith('/sales/bills/location/'))
              return json({ data: listed, meta: { page: 1, last_page: 1 } })
            if (path === '/expenses')
              return json({ data: expenses, meta: { page: 1, last_page: 1 } })
            const id = decodeURIComponent(path.replace('/sales/bills/', ''))
            return goodIds.includes(id) ? json(detail(id)) : json(brokenDetail)
          },
        })
        const call = async <C extends ChannelName>(channel: C, input: ChannelInput<C>) => {
          const result = await services.dispatch(channel, input)
          if (!result.ok) throw new BridgeCallError(result.error)
          return result.value as ChannelOutput<C>
        }
        const profile = await call('profiles.save', {
          name: 'Fuzz shop',
          baseUrl: 'https://pos.example.test',
          storeId: 'st-1',
          apiKey: 'fuzz-api-key-0123456789',
        })
        const reader: ServiceReader = {
          listBills: (input) => call('service.bills.list', input),
          getBills: (input) => call('service.bills.get', input),
          listExpenses: (input) => call('service.expenses.list', input),
        }
        const db = new TillDatabase(`till-fuzz-${Math.random()}`, {
          indexedDB: new IDBFactory(),
          IDBKeyRange,
        })
        dbs.push(db)
        const engine = new SyncEngine({
          db,
          reader,
          profileId: profile.id,
          currency: 'USD',
          timeZone: 'UTC',
          now: () => Date.parse('2026-11-20T12:00:00Z'),
        })
        const outcome = await engine.run({ signal: new AbortController().signal })
        expect(outcome).toMatchObject({ ok: true })

        for (const id of goodIds) {
          const bill = await db.bills.get(id)
          expect(bill, id).toMatchObject({ hasDetail: true, total: 1100 })
        }
        // Every listed item is cached or kept aside with the reason; none is dropped without a trace.
        const cached = new Set((await db.bills.toArray()).map((b) => b.id))
        const asideIds = new Set((await db.quarantine.toArray()).map((q) => q.id))
        for (const item of bad) {
          const id = (item as { id?: unknown } | null)?.id
          const known = typeof id === 'string' || typeof id === 'number' ? String(id) : null
          if (known === null) expect(asideIds.has(null), JSON.stringify(item)).toBe(true)
          else expect(cached.has(known) || asideIds.has(known), known).toBe(true)
        }
      }),
      40,
    )
  }, 120_000)
})
