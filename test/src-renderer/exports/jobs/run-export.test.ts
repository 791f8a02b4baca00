import { allLogged, standingStates } from '../../../support/exports/log-pages'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { putCachedBills } from '../../../support/cached-bills'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { Granularity } from '../../../../src-renderer/exports/rules/export-log'
import { switchGranularity } from '../../../../src-renderer/exports/tables/destinations'
import type { JournalBill } from '../../../../src-renderer/exports/rules/journal'
import {
  ExportCancelledError,
  recreateBatch,
  runExport,
  type ExportResult,
  type ExportWhat,
  type RunExportOptions,
} from '../../../../src-renderer/exports/jobs/run-export'
import type { OutputChunk } from '../../../../src-renderer/exports/rules/formats/output'
import { collectParts } from '../../../support/exports/collect'
import { parseCsv, parseCsvFile } from '../../../support/exports/csv-parse'
import { expense, payment, sale, T0 } from '../../../support/exports/fixtures'
import { EMPTY_MAPPING } from '../../../support/journal-context'
import { makeSession } from '../../../support/session-factory'

let db: TillDatabase | undefined
afterEach(() => db?.close())

async function shop(bills: JournalBill[]): Promise<TillDatabase> {
  db = new TillDatabase(`till-run-export-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  await putBills(db, bills)
  await db.sessions.put(makeSession())
  await db.expenses.put(expense())
  return db
}

async function putBills(database: TillDatabase, bills: JournalBill[]): Promise<void> {
  await putCachedBills(database, bills)
}

function options(
  database: TillDatabase,
  what: ExportWhat,
  more: Partial<RunExportOptions> = {},
): RunExportOptions {
  let n = 0
  return {
    db: database,
    what,
    range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
    mapping: EMPTY_MAPPING,
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
    sliceSize: 2,
    now: () => new Date(Date.UTC(2026, 10, 21, 8, n++)),
    ...more,
  }
}

async function run(opts: RunExportOptions): Promise<{ parts: string[]; result: ExportResult }> {
  const parts: string[] = []
  const generator = runExport(opts)
  for (;;) {
    const next = await generator.next()
    if (next.done) return { parts, result: next.value }
    const { part, text }: OutputChunk = next.value
    parts[part - 1] = (parts[part - 1] ?? '') + text
  }
}

function entryIds(csv: string): string[] {
  const [, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''))
  return [...new Set(rows.filter((r) => r.length > 1).map((r) => r[0]!))]
}

const three = (): JournalBill[] => [
  sale(),
  sale({ id: 'b2', number: '1024', payments: [payment('p3', 'cash', 1685)] }),
  sale({ id: 'b3', number: '1025', payments: [payment('p4', 'qris', 1685)] }),
]

describe('runExport', () => {
  it.each<Granularity>(['bill', 'session'])(
    'exports a range once (%s): again nothing new, a change as reversal plus adjustment',
    async (granularity) => {
      const database = await shop(three())
      await switchGranularity(database, 'journal-csv', granularity, null)
      const first = await run(options(database, 'journal-csv', { batchId: 'one' }))
      const ids = entryIds(first.parts[0]!)
      expect(ids).toEqual(
        granularity === 'bill' ? ['b1', 'b2', 'b3', 'expense:e1'] : ['session:s1', 'expense:e1'],
      )
      expect(first.result.batch?.entryCount).toBe(ids.length)
      expect(await allLogged(database)).toHaveLength(ids.length)

      const again = await run(options(database, 'journal-csv', { batchId: 'two' }))
      expect(again.result.batch).toBeNull()
      expect(entryIds(again.parts[0] ?? '')).toEqual([])
      expect(await database.exportBatches.count()).toBe(1)

      await putBills(database, [sale({ payments: [payment('p1', 'card', 1685)] })])
      const changed = await run(options(database, 'journal-csv', { batchId: 'three' }))
      expect(entryIds(changed.parts[0]!)).toEqual(
        granularity === 'bill' ? ['b1:reversal', 'b1:adj:1'] : ['session:s1:adj:1'],
      )
      const key = granularity === 'bill' ? 'b1' : 'session:s1'
      expect((await standingStates(database)).get(`journal-csv ${key}`)?.revision).toBe(1)
    },
  )

  it('refuses a Xero export while a role is mapped to a Xero system account, writing nothing', async () => {
    const database = await shop(three())
    const mapping = {
      accounts: { receivable: { code: '610', name: 'Accounts Receivable' } },
      locations: {},
    }
    await expect(run(options(database, 'xero', { mapping }))).rejects.toMatchObject({
      name: 'XeroMappingError',
    })
    await expect(run(options(database, 'xero', { mapping }))).rejects.toThrow(
      /Unpaid bills \(receivable\) goes to “Accounts Receivable”, a Xero system account/,
    )
    expect(await database.logPages.count()).toBe(0)
    // The default chart goes out to Xero.
    expect((await run(options(database, 'xero'))).result.entryCount).toBe(4)
  })

  it('exports a bill rung up past midnight with its session’s date, not the next day’s', async () => {
    const late = sale({
      id: 'b9',
      createdAt: T0 + 15 * 3_600_000,
      businessDate: '2026-11-21',
      payments: [payment('p9', 'cash', 1685, { createdAt: T0 + 15 * 3_600_000 })],
    })
    const database = await shop([late])
    const nextDay = { from: '2026-11-21', to: '2026-11-21', locationId: '' }
    const next = await run(options(database, 'journal-csv', { range: nextDay }))
    expect(entryIds(next.parts[0] ?? '')).toEqual([])
    const day = await run(options(database, 'journal-csv'))
    expect(entryIds(day.parts[0]!)).toEqual(['b9', 'expense:e1'])
    const [, ...rows] = parseCsv(day.parts[0]!.replace(/^\uFEFF/, ''))
    expect(new Set(rows.filter((r) => r.length > 1).map((r) => r[1]))).toEqual(
      new Set(['2026-11-20']),
    )
  })

  it('re-creates a past batch with identical bytes, in every part', async () => {
    const database = await shop(three())
    for (const what of ['journal-csv', 'xero', 'beancount'] as const) {
      const batchId = `batch-${what}`
      const first = await run(options(database, what, { batchId }))
      expect(first.parts.join('').length).toBeGreaterThan(0)
      expect(await collectParts(recreateBatch(database, batchId))).toEqual(first.parts)
    }
  })

  it('a cancelled export leaves the log untouched and says so', async () => {
    const database = await shop(three())
    const controller = new AbortController()
    const chunks: string[] = []
    await expect(
      (async () => {
        for await (const chunk of runExport(
          options(database, 'journal-csv', {
            signal: controller.signal,
            sliceSize: 1,
            onProgress: ({ done }) => {
              if (done === 2) controller.abort()
            },
          }),
        ))
          chunks.push(chunk.text)
      })(),
    ).rejects.toBeInstanceOf(ExportCancelledError)
    expect(chunks.length).toBeGreaterThan(0)
    expect(await database.logPages.count()).toBe(0)
    expect(await database.exportBatches.count()).toBe(0)
    expect(await database.exportRuns.count()).toBe(0)
    const after = await run(options(database, 'journal-csv'))
    expect(entryIds(after.parts[0]!)).toEqual(['b1', 'b2', 'b3', 'expense:e1'])
  })

  it('lists what it had to default and writes the CSV tables without touching the log', async () => {
    const database = await shop([sale({ payments: [payment('p9', 'gift_card', 1685)] })])
    const journal = await run(options(database, 'journal-csv', { batchId: 'x' }))
    expect(journal.result.defaulted.map((d) => d.roleKey)).toEqual([
      'tax-payable:VAT',
      'clearing:gift_card',
      'expense:Supplies',
    ])
    const logged = await database.logPages.toArray()
    for (const what of ['bills', 'payments', 'bill_lines', 'expenses', 'sessions'] as const) {
      const { parts, result } = await run(options(database, what))
      const rows = parseCsv(parts[0]!.replace(/^\uFEFF/, '')).filter((r) => r.length > 1)
      expect(rows.length, what).toBeGreaterThan(1)
      expect(result.batch).toBeNull()
    }
    expect(await database.logPages.toArray()).toEqual(logged)
    // People read a session by its label; its id stays beside it for machines.
    const sessions = await run(options(database, 'sessions'))
    expect(parseCsvFile(sessions.parts[0]!)).toMatchObject([
      {
        register_session_id: 's1',
        session_name: 'Fri 20 Nov · Location loc1 · hours not recorded',
      },
    ])
    const other = await run(
      options(database, 'bills', {
        range: { from: '2026-11-21', to: '2026-11-30', locationId: '' },
      }),
    )
    expect(
      parseCsv(other.parts[0]!.replace(/^\uFEFF/, '')).filter((r) => r.length > 1),
    ).toHaveLength(1)
  })
})
