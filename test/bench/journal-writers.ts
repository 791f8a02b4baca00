/**
 * How fast the journal writers run and how flat their memory stays: a generator of journal
 * entries (4 lines each) driven through every format into a sink that only counts UTF-8 bytes,
 * as a file sink would encode them. Run it in Node:
 *
 *   npx tsx --expose-gc test/bench/journal-writers.ts [lines]
 *
 * Heap growth is measured against the heap after a full collection before each run: the peak of
 * `heapUsed` sampled at every chunk (garbage not yet collected included), and the live heap after
 * a full collection every 100,000 lines (what the export really holds). A run of a tenth of the
 * lines shows whether either grows with the size of the export.
 * The plain CSV serializer (the same rows joined with commas, no quoting, no neutralising) is the
 * yardstick for the writers' speed.
 */
import { currencyExponent, formatMinorUnits } from '../../src-shared/domain/money'
import { methodLabel } from '../../src-renderer/format/labels'
import {
  defaultAccount,
  roleKey,
  type AccountRole,
} from '../../src-renderer/exports/rules/accounts'
import { planExport } from '../../src-renderer/exports/rules/export-log'
import { logEntries } from '../support/exports/memory-log'
import {
  defaultTarget,
  writeJournal,
  type JournalFormat,
} from '../../src-renderer/exports/rules/formats/journal-formats'
import { inBatches, type OutputChunk } from '../../src-renderer/exports/rules/formats/output'
import {
  balancedEntry,
  type JournalEntry,
  type JournalLine,
} from '../../src-renderer/exports/rules/journal-entry'

/** This script runs in Node, which the renderer's code otherwise never touches. */
interface NodeRuntime {
  gc?: () => void
  process: { memoryUsage(): { heapUsed: number }; argv: string[] }
}
const runtime = globalThis as unknown as NodeRuntime

const LINES_PER_ENTRY = 4
const ENTRIES_PER_BATCH = 1_000
const CURRENCY = 'USD'

function line(role: AccountRole, amount: number, memo: string): JournalLine {
  return { role: roleKey(role), account: defaultAccount(role).account, amount, memo }
}

function* entries(lineCount: number): Generator<JournalEntry> {
  const methods = ['cash', 'card', 'qris', 'e_wallet']
  for (let i = 0; i < lineCount / LINES_PER_ENTRY; i++) {
    const total = 1_000 + ((i * 7_919) % 250_000)
    const tax = Math.floor(total / 11)
    const paid = total - 1 - (i % 500)
    const method = methods[i % methods.length] ?? 'cash'
    yield balancedEntry({
      id: `bill-${i}`,
      kind: 'bill',
      date: `2026-11-${String(1 + (i % 30)).padStart(2, '0')}`,
      currency: CURRENCY,
      description: `Sale ${100_000 + i}`,
      payee: null,
      billId: `bill-${i}`,
      registerSessionId: `session-${Math.floor(i / 400)}`,
      locationId: `loc-${i % 3}`,
      paymentIds: [`pay-${i}`],
      lines: [
        line({ type: 'sales' }, -(total - tax), 'Sales'),
        line({ type: 'tax-payable', tax: 'VAT' }, -tax, 'Tax VAT'),
        line({ type: 'clearing', method }, paid, `${methodLabel(method)} payment`),
        line({ type: 'receivable' }, total - paid, 'Unpaid bills'),
      ],
    })
  }
}

/** The yardstick: the generic journal's columns, joined as they come. */
async function* plainCsv(batches: AsyncIterable<JournalEntry[]>): AsyncGenerator<OutputChunk> {
  const exponent = currencyExponent(CURRENCY)
  yield {
    part: 1,
    text: 'entry_id,date,account_code,account_name,debit,credit,currency,description,bill_id,register_session_id,location_id\r\n',
  }
  for await (const batch of batches) {
    let text = ''
    for (const e of batch)
      for (const l of e.lines) {
        const debit = l.amount > 0 ? formatMinorUnits(l.amount, exponent) : ''
        const credit = l.amount < 0 ? formatMinorUnits(-l.amount, exponent) : ''
        text += `${e.id},${e.date},${l.account.code},${l.account.name},${debit},${credit},${e.currency},${e.description},${e.billId},${e.registerSessionId},${e.locationId}\r\n`
      }
    yield { part: 1, text }
  }
}

/** The export log's work per batch (plan against an empty log, log rows), then the CSV writer. */
async function* planned(batches: AsyncIterable<JournalEntry[]>): AsyncGenerator<JournalEntry[]> {
  let position = 0
  for await (const batch of batches) {
    const plan = planExport(batch, new Map())
    position += logEntries('bench', 'bench', position, plan.write).length
    yield plan.write.map((p) => p.entry)
  }
}

interface Result {
  name: string
  lines: number
  bytes: number
  parts: number
  seconds: number
  peakHeapGrowth: number
  liveHeapGrowth: number
}

const encoder = new TextEncoder()

async function measure(
  name: string,
  lineCount: number,
  write: (batches: AsyncIterable<JournalEntry[]>) => AsyncIterable<OutputChunk>,
): Promise<Result> {
  runtime.gc?.()
  const baseline = runtime.process.memoryUsage().heapUsed
  let peak = baseline
  let live = baseline
  let bytes = 0
  let parts = 0
  let chunks = 0
  const chunksPerCheck = Math.max(1, Math.round(100_000 / (LINES_PER_ENTRY * ENTRIES_PER_BATCH)))
  const started = performance.now()
  for await (const chunk of write(inBatches(entries(lineCount), ENTRIES_PER_BATCH))) {
    bytes += encoder.encode(chunk.text).length
    parts = Math.max(parts, chunk.part)
    peak = Math.max(peak, runtime.process.memoryUsage().heapUsed)
    if (runtime.gc && ++chunks % chunksPerCheck === 0) {
      runtime.gc()
      live = Math.max(live, runtime.process.memoryUsage().heapUsed)
    }
  }
  const seconds = (performance.now() - started) / 1000
  return {
    name,
    lines: lineCount,
    bytes,
    parts,
    seconds,
    peakHeapGrowth: peak - baseline,
    liveHeapGrowth: live - baseline,
  }
}

const FORMATS: JournalFormat[] = ['journal-csv', 'xero', 'quickbooks', 'beancount', 'ledger']
const RUNS: [string, (batches: AsyncIterable<JournalEntry[]>) => AsyncIterable<OutputChunk>][] = [
  ['plain CSV (yardstick)', plainCsv],
  ...FORMATS.map(
    (format) =>
      [
        format,
        (batches: AsyncIterable<JournalEntry[]>) => writeJournal(defaultTarget(format), batches),
      ] as [string, (batches: AsyncIterable<JournalEntry[]>) => AsyncIterable<OutputChunk>],
  ),
  [
    'journal-csv + export log',
    (batches) => writeJournal(defaultTarget('journal-csv'), planned(batches)),
  ],
]

async function main(): Promise<void> {
  const lineCount = Number(runtime.process.argv[2] ?? 1_000_000)
  if (!runtime.gc) console.log('(run with --expose-gc for a clean baseline before each run)')
  const mb = (n: number) => (n / 1_048_576).toFixed(1)
  let yardstick = 0
  console.log(
    'writer                       lines   MB out  parts  seconds    lines/s  vs plain' +
      '  peak heap +MB  live heap +MB   (1/10 of the lines: peak, live)',
  )
  // Warm the JIT on every path first, so the first writer measured is not the slowest.
  for (const [name, write] of RUNS) await measure(name, 40_000, write)
  for (const [name, write] of RUNS) {
    const small = await measure(name, lineCount / 10, write)
    const full = await measure(name, lineCount, write)
    const rate = full.lines / full.seconds
    if (yardstick === 0) yardstick = rate
    console.log(
      [
        name.padEnd(26),
        String(full.lines).padStart(9),
        mb(full.bytes).padStart(8),
        String(full.parts).padStart(6),
        full.seconds.toFixed(2).padStart(8),
        Math.round(rate).toLocaleString('en-US').padStart(10),
        `${(rate / yardstick).toFixed(2)}×`.padStart(9),
        mb(full.peakHeapGrowth).padStart(14),
        mb(full.liveHeapGrowth).padStart(14),
        `   (${mb(small.peakHeapGrowth)}, ${mb(small.liveHeapGrowth)})`,
      ].join(' '),
    )
  }
}

void main()
