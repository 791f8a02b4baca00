import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Page } from '@playwright/test'
import { inPageBundle, launchBrowser } from './chromium'
import type { IndexCostsApi, QueryCost, WriteCost } from './in-page/index-costs'

/**
 * What each bill index costs, in real Chromium: the time to put the same bills into a store
 * with every index and with each index left out, and what the query each index serves costs
 * through it and without it. Not part of `npm run bench`; run it when weighing an index:
 *
 *   node --import tsx test/bench/index-costs.ts [--bills 20000] [--query-bills 100000]
 *     [--batch 500] [--rounds 3] [--only writes|queries] [--sets-only]
 */

const { values } = parseArgs({
  options: {
    bills: { type: 'string', default: '20000' },
    'query-bills': { type: 'string', default: '100000' },
    batch: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    'sets-only': { type: 'boolean', default: false },
  },
})
const bills = Number(values.bills)
const queryBills = Math.max(bills, Number(values['query-bills']))
const batch = Number(values.batch)
const rounds = Number(values.rounds)
if (values.only !== undefined && values.only !== 'writes' && values.only !== 'queries')
  throw new Error(`--only takes writes or queries, not ${values.only}`)

// Any origin will do for IndexedDB; the page is served by the browser's own request routing.
const ORIGIN = 'http://index-costs.invalid'

function call<K extends keyof IndexCostsApi>(
  page: Page,
  name: K,
  ...args: Parameters<IndexCostsApi[K]>
): Promise<Awaited<ReturnType<IndexCostsApi[K]>>> {
  return page.evaluate(
    ([fn, fnArgs]) =>
      (
        globalThis as unknown as {
          tillIndexCosts: Record<string, (...a: unknown[]) => unknown>
        }
      ).tillIndexCosts[fn]!(...fnArgs),
    [name, args] as [string, unknown[]],
  ) as Promise<Awaited<ReturnType<IndexCostsApi[K]>>>
}

const ms = (n: number): string => n.toFixed(n < 10 ? 1 : 0)
/** The machine's load only ever adds time: the fastest round is the nearest to the cost. */
const fastest = (samples: number[]): number => Math.min(...samples)

function writeTable(costs: WriteCost[]): string {
  const set = (kind: WriteCost['kind']): WriteCost => costs.find((c) => c.kind === kind)!
  const all = fastest(set('all').ms)
  const v17 = fastest(set('version 17').ms)
  const none = fastest(set('none').ms)
  const entries = set('all').entriesPerBill
  const perBill = (total: number): string => `${((total * 1000) / bills).toFixed(0)} µs`
  const rows = [
    `Writes: ${bills.toLocaleString('en')} bills, ${batch} to a transaction, fastest of ${rounds} rounds`,
    `  every index of version 11: ${ms(all)} ms (${perBill(all)} a bill)`,
    `  version 17's indexes:      ${ms(v17)} ms (${perBill(v17)} a bill, ${set('version 17').entriesPerBill.toFixed(2)} entries)`,
    `  no index:                  ${ms(none)} ms (${perBill(none)} a bill)`,
    `  an index entry on average: ${(((all - none) * 1000) / bills / entries).toFixed(1)} µs (${entries.toFixed(2)} entries a bill)`,
    '',
    '  index                          entries/bill   ms saved without it   µs a bill   µs an entry',
  ]
  for (const cost of costs) {
    if (cost.without === null) continue
    const saved = all - fastest(cost.ms)
    const perEntry = cost.entriesPerBill > 0 ? (saved * 1000) / bills / cost.entriesPerBill : NaN
    const cells = [
      cost.entriesPerBill.toFixed(2).padStart(12),
      ms(saved).padStart(19),
      ((saved * 1000) / bills).toFixed(1).padStart(9),
      (Number.isNaN(perEntry) ? '—' : perEntry.toFixed(1)).padStart(11),
    ]
    rows.push(`  ${cost.without.padEnd(30)} ${cells.join('   ')}`)
  }
  return rows.join('\n')
}

function queryTable(costs: QueryCost[]): string {
  const rows = [
    `Queries over ${queryBills.toLocaleString('en')} bills (median of 3, ms)`,
    '',
    '  index                          with   without   query; without it: the other way',
  ]
  for (const c of costs)
    rows.push(
      `  ${c.index.padEnd(30)} ${ms(c.withIndex).padStart(5)}   ${ms(c.without).padStart(7)}   ${c.query}; ${c.otherWay}`,
    )
  return rows.join('\n')
}

async function main(): Promise<void> {
  const profileDir = await mkdtemp(join(tmpdir(), 'till-index-costs-'))
  const browser = await launchBrowser(profileDir, await inPageBundle('index-costs.ts'))
  try {
    await browser.context.route(`${ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>index costs</title>',
      }),
    )
    await browser.page.goto(`${ORIGIN}/`)
    console.log(`Seeding ${queryBills.toLocaleString('en')} bills…`)
    await call(browser.page, 'seedIndexCostShop', { bills: queryBills })
    if (values.only !== 'queries')
      console.log(
        writeTable(
          await call(browser.page, 'measureIndexWrites', {
            bills,
            batch,
            rounds,
            setsOnly: values['sets-only'] ?? false,
          }),
        ),
      )
    if (values.only !== 'writes')
      console.log(`\n${queryTable(await call(browser.page, 'measureIndexQueries', 3))}`)
  } finally {
    await browser.close()
    await rm(profileDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.log(error)
  process.exitCode = 1
})
