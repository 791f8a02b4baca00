import { logPage, pageEntry } from '../../../../src-renderer/exports/tables/log-pages'
import fc from 'fast-check'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { StoredBatch } from '../../../../src-renderer/exports/tables/export-rows'
import { billExports } from '../../../../src-renderer/ui/screens/bills/bill-exports'
import { describe, expect, it } from 'vitest'
import {
  planExport,
  postedView,
  type PostedState,
  type ExportBatch,
  type Granularity,
} from '../../../../src-renderer/exports/rules/export-log'
import {
  defaultTarget,
  type JournalFormat,
} from '../../../../src-renderer/exports/rules/formats/journal-formats'
import { billEntries, type PostedView } from '../../../../src-renderer/exports/rules/journal'
import { sessionSummaryEntries } from '../../../../src-renderer/exports/rules/session-summary'
import type { JournalEntry } from '../../../../src-renderer/exports/rules/journal-entry'
import { expense, line, payment, sale } from '../../../support/exports/fixtures'
import {
  accountTotals,
  context,
  perBill,
  perSession,
  sortedTotals,
} from '../../../support/exports/journals'
import { MemoryLog } from '../../../support/exports/memory-log'
import { applyChange, changeArbitrary, withBill } from '../../../support/exports/changes'
import { paymentsTakenIn, shopArbitrary, type Shop } from '../../../support/exports/shop'
import { EMPTY_MAPPING } from '../../../support/journal-context'

const FORMATS: JournalFormat[] = ['journal-csv', 'xero', 'quickbooks', 'beancount', 'ledger']

function batch(
  id: string,
  granularity: Granularity,
  format: JournalFormat = 'journal-csv',
): ExportBatch {
  return {
    id,
    destinationId: format,
    createdAt: '2026-11-21T08:00:00Z',
    granularity,
    target: defaultTarget(format),
  }
}

function builder(shop: Shop, granularity: Granularity): (posted: PostedView) => JournalEntry[] {
  return (posted) =>
    (granularity === 'bill' ? perBill(shop, posted) : perSession(shop, posted)).entries
}

/** A small shop: two sales in session s1 (one partly paid), one expense. */
function smallShop(): Shop {
  const paidInCash = (id: string, paid: number) =>
    sale({
      id,
      lines: [line(`${id}-l1`, 10_000, 909)],
      discounts: [],
      fees: [],
      taxes: [{ name: 'VAT', rate: 10, amount: 909 }],
      total: 10_000,
      totalTax: 909,
      payments: [payment(`${id}-p1`, 'cash', paid)],
    })
  return {
    currency: 'USD',
    sessions: [{ id: 's1', locationId: 'loc1', businessDate: '2026-11-20' }],
    bills: [paidInCash('b1', 4_000), paidInCash('b2', 10_000)],
    expenses: [expense({ supplier: null })],
  }
}

const ids = (entries: JournalEntry[]) => entries.map((e) => e.id)

describe('export log: append-only and idempotent (per bill)', () => {
  it('writes nothing new twice, a change as a reversal and an adjustment, and rebuilds a batch byte for byte', async () => {
    const log = new MemoryLog()
    let shop = smallShop()
    const first = await log.export(batch('1', 'bill'), builder(shop, 'bill'))
    expect(ids(first.written)).toEqual(['b1', 'b2', 'expense:e1'])

    const again = await log.export(batch('2', 'bill'), builder(shop, 'bill'))
    expect(again.written).toEqual([])

    // The service corrects b1's line: the exported entry is reversed, never edited.
    shop = withBill(shop, 'b1', (b) => ({
      ...b,
      lines: [{ ...b.lines[0]!, total: 12_000 }],
      total: 12_000,
    }))
    const changed = await log.export(batch('3', 'bill'), builder(shop, 'bill'))
    expect(ids(changed.written)).toEqual(['b1:reversal', 'b1:adj:1'])
    const [reversal, adjustment] = changed.written
    const original = first.written[0]!
    expect(reversal?.date).toBe(original.date)
    expect(reversal?.lines.map((l) => [l.role, l.amount])).toEqual(
      original.lines.map((l) => [l.role, -l.amount]),
    )
    expect(adjustment?.lines.find((l) => l.role === 'receivable')?.amount).toBe(8_000)

    shop = withBill(shop, 'b1', (b) => ({
      ...b,
      lines: [{ ...b.lines[0]!, total: 11_000 }],
      total: 11_000,
    }))
    const twice = await log.export(batch('4', 'bill'), builder(shop, 'bill'))
    expect(ids(twice.written)).toEqual(['b1:adj:1:reversal', 'b1:adj:2'])

    // A payment after the export posts on its own; the bill's entry stays as exported.
    shop = withBill(shop, 'b1', (b) => ({
      ...b,
      payments: [...b.payments, { ...b.payments[0]!, id: 'b1-p2', method: 'card', amount: 7_000 }],
    }))
    expect(ids((await log.export(batch('5', 'bill'), builder(shop, 'bill'))).written)).toEqual([
      'payment:b1-p2',
    ])

    // A refund is a bill of its own; reversing the later payment posts the opposite.
    shop = withBill(shop, 'b1', (b) => ({
      ...b,
      payments: b.payments.map((p) =>
        p.id === 'b1-p2' ? { ...p, reversedAt: p.createdAt + 1 } : p,
      ),
    }))
    shop = {
      ...shop,
      bills: [
        ...shop.bills,
        { ...shop.bills[1]!, id: 'b2-r', type: 'refund', parentBillId: 'b2', payments: [] },
      ],
    }
    const refunded = await log.export(batch('6', 'bill'), builder(shop, 'bill'))
    expect(ids(refunded.written).sort()).toEqual(['b2-r', 'payment:b1-p2:reversal'])

    // An edited expense: reversal and adjustment again.
    shop = { ...shop, expenses: shop.expenses.map((e) => ({ ...e, amount: 2_600 })) }
    expect(ids((await log.export(batch('7', 'bill'), builder(shop, 'bill'))).written)).toEqual([
      'expense:e1:reversal',
      'expense:e1:adj:1',
    ])

    expect(await log.rebuild('1')).toBe(first.text)
    expect(await log.rebuild('3')).toBe(changed.text)
    expect(log.entries.filter((e) => e.key === 'b1').map((e) => [e.entryId, e.batchId])).toEqual([
      ['b1', '1'],
      ['b1:reversal', '3'],
      ['b1:adj:1', '3'],
      ['b1:adj:1:reversal', '4'],
      ['b1:adj:2', '4'],
    ])
  })

  it('compares what an entry posts, not its wording', () => {
    const [entry] = perBill(smallShop()).entries
    if (!entry) throw new Error('no entry')
    const first = planExport([entry], new Map())
    const postings = new Map(first.postings.map((p) => [p.key, p]))
    const reworded = {
      ...entry,
      description: 'Sale #1023 (reworded)',
      lines: entry.lines.map((l) => ({ ...l, memo: `${l.memo}, reworded` })),
    }
    expect(planExport([reworded], postings).write).toEqual([])
  })

  it('lets a remap apply to later exports only: what was exported is not re-posted; a later change reverses the accounts the books hold', async () => {
    const shop = smallShop()
    const remap = {
      accounts: {
        sales: { code: '4001', name: 'Shop sales' },
        'clearing:cash': { code: '1001', name: 'Till cash' },
      },
      locations: {},
    }
    const build = (bills: typeof shop.bills, posted: PostedView, mapping = EMPTY_MAPPING) =>
      billEntries(bills, context(posted, mapping)).entries
    const log = new MemoryLog()
    await log.export(batch('1', 'bill'), (posted) => build(shop.bills, posted))
    const afterRemap = await log.export(batch('2', 'bill'), (posted) =>
      build(shop.bills, posted, remap),
    )
    expect(afterRemap.written).toEqual([])

    const corrected = withBill(shop, 'b1', (b) => ({
      ...b,
      lines: [{ ...b.lines[0]!, total: 12_000 }],
      total: 12_000,
    })).bills
    const changed = await log.export(batch('3', 'bill'), (posted) =>
      build(corrected, posted, remap),
    )
    expect(ids(changed.written)).toEqual(['b1:reversal', 'b1:adj:1'])
    const accountOf = (e: JournalEntry | undefined, role: string) =>
      e?.lines.find((l) => l.role === role)?.account.code
    expect(accountOf(changed.written[0], 'sales')).toBe('4000')
    expect(accountOf(changed.written[0], 'clearing:cash')).toBe('1000')
    expect(accountOf(changed.written[1], 'sales')).toBe('4001')
    expect(accountOf(changed.written[1], 'clearing:cash')).toBe('1001')
    // b2, unchanged, still stands in the books as exported, on 4000.
    expect(log.postings.get('b2')?.entry.lines.find((l) => l.role === 'sales')?.account.code).toBe(
      '4000',
    )
  })

  it('refuses two entries with one id in one export', () => {
    const { entries } = perBill(smallShop())
    expect(() => planExport([...entries, entries[0]!], new Map())).toThrow(
      expect.objectContaining({ name: 'DuplicateEntryError' }),
    )
  })
})

describe('export log: session summaries post deltas', () => {
  it('posts a late payment as session:<id>:adj:<n> with only the difference', async () => {
    const log = new MemoryLog()
    let shop = smallShop()
    const first = await log.export(batch('1', 'session'), builder(shop, 'session'))
    expect(ids(first.written)).toEqual(['session:s1', 'expense:e1'])
    expect((await log.export(batch('2', 'session'), builder(shop, 'session'))).written).toEqual([])

    shop = withBill(shop, 'b1', (b) => ({
      ...b,
      payments: [...b.payments, { ...b.payments[0]!, id: 'b1-p2', method: 'card', amount: 6_000 }],
    }))
    const late = await log.export(batch('3', 'session'), builder(shop, 'session'))
    expect(ids(late.written)).toEqual(['session:s1:adj:1'])
    expect(late.written[0]?.lines.map((l) => [l.role, l.amount])).toEqual([
      ['clearing:card', 6_000],
      ['receivable', -6_000],
    ])
    expect(await log.rebuild('1')).toBe(first.text)
  })

  it('posts only the difference after a remap, to the new account, leaving the posted summary where it is', async () => {
    const log = new MemoryLog()
    const shop = smallShop()
    const remap = {
      accounts: { 'clearing:card': { code: '1011', name: 'Card settlements' } },
      locations: { loc1: { sales: { code: '4002', name: 'Sales, loc1' } } },
    }
    const summary = (s: Shop, posted: PostedView, mapping = EMPTY_MAPPING) =>
      sessionSummaryEntries(
        {
          session: s.sessions[0]!,
          name: 'Fri 20 Nov · loc1 · 08:10–17:45',
          currency: s.currency,
          bills: s.bills,
          payments: paymentsTakenIn(s, 's1'),
        },
        context(posted, mapping),
      ).entries
    await log.export(batch('1', 'session'), (posted) => summary(shop, posted))
    expect(
      (await log.export(batch('2', 'session'), (posted) => summary(shop, posted, remap))).written,
    ).toEqual([])

    const paid = withBill(shop, 'b1', (b) => ({
      ...b,
      payments: [...b.payments, { ...b.payments[0]!, id: 'b1-p2', method: 'card', amount: 6_000 }],
    }))
    const late = await log.export(batch('3', 'session'), (posted) => summary(paid, posted, remap))
    expect(ids(late.written)).toEqual(['session:s1:adj:1'])
    expect(late.written[0]?.lines.map((l) => [l.role, l.account.code, l.amount]).sort()).toEqual([
      ['clearing:card', '1011', 6_000],
      ['receivable', '1100', -6_000],
    ])
  })
})

describe('export log properties', () => {
  it('leaves the books, after any changes and re-exports, where a fresh export of the final records would', async () => {
    await fc.assert(
      fc.asyncProperty(
        shopArbitrary({ consistent: false }),
        fc.constantFrom<Granularity>('bill', 'session'),
        fc.array(fc.array(changeArbitrary, { maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...FORMATS),
        async (initial, granularity, rounds, format) => {
          const log = new MemoryLog()
          let shop = initial
          const first = await log.export(
            batch('0', granularity, format),
            builder(shop, granularity),
          )
          const written = [...first.written]
          let n = 0
          for (const [r, changes] of rounds.entries()) {
            for (const change of changes) shop = applyChange(shop, change, n++)
            written.push(
              ...(
                await log.export(batch(`${r + 1}`, granularity, format), builder(shop, granularity))
              ).written,
            )
          }
          const fresh = (granularity === 'bill' ? perBill(shop) : perSession(shop)).entries
          expect(sortedTotals(accountTotals(written))).toEqual(sortedTotals(accountTotals(fresh)))
          expect(
            (await log.export(batch('again', granularity, format), builder(shop, granularity)))
              .written,
          ).toEqual([])
          expect(await log.rebuild('0')).toBe(first.text)
        },
      ),
      { numRuns: 80 },
    )
  })
})

describe('which exports a bill went into', () => {
  it('lists the bill’s entries, its payments’ and its session summary’s, batch by batch, without runs not committed', async () => {
    const db = new TillDatabase(`till-bill-exports-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    const stored = (id: string, createdAt: string, granularity: Granularity): StoredBatch => ({
      ...batch(id, granularity),
      createdAt,
      what: 'journal-csv',
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      entryCount: 0,
    })
    let shop = smallShop()
    const postings = new Map<string, PostedState>()
    let seq = 0
    const exportTo = async (batchId: string, entries: JournalEntry[]): Promise<void> => {
      const plan = planExport(entries, postings)
      for (const state of plan.postings) postings.set(state.key, state)
      const written = plan.write.map(pageEntry)
      await db.logPages.add(logPage(seq++, 'journal-csv', batchId, 0, written, plan.postings))
    }
    await exportTo('first', perBill(shop).entries)
    shop = withBill(shop, 'b1', (b) => ({
      ...b,
      lines: [{ ...b.lines[0]!, total: 12_000 }],
      total: 12_000,
      payments: [...b.payments, { ...b.payments[0]!, id: 'b1-p2', amount: 100 }],
    }))
    await exportTo('second', perBill(shop, postedView(postings)).entries)
    await exportTo('summary', perSession(shop).entries)
    await exportTo('running', [{ ...perBill(shop).entries[0]!, id: 'b1:adj:9' }])
    await db.exportBatches.bulkPut([
      stored('second', '2026-11-21T09:00:00Z', 'bill'),
      stored('first', '2026-11-21T08:00:00Z', 'bill'),
      stored('summary', '2026-11-21T10:00:00Z', 'session'),
    ])

    const rows = await billExports(
      db,
      shop.bills.find((b) => b.id === 'b1')!,
    )
    expect(rows.map((r) => [r.batch.id, r.entryId, r.revision, r.carrier])).toEqual([
      ['first', 'b1', 'original', 'bill'],
      ['second', 'b1:reversal', 'reversal', 'bill'],
      ['second', 'b1:adj:1', 'adjustment', 'bill'],
      ['second', 'payment:b1-p2', 'original', 'payment'],
      ['summary', 'session:s1', 'original', 'session summary'],
    ])
    db.close()
  })
})
