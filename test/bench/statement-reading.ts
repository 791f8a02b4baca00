/**
 * How fast Till reads a bank statement: a year of a five-location shop's deposits, about 8,000
 * lines, in each format, built here line by line (amounts and ids vary, so nothing is cached).
 * Run it in Node:
 *
 *   npx tsx test/bench/statement-reading.ts [lines]
 */
import { recogniseCsvLayout } from '../../src-renderer/deposits/rules/statements/csv-layouts'
import {
  readStatement,
  type ReadStatementOptions,
} from '../../src-renderer/deposits/rules/statements/read-statement'
import { median, percentile } from './stats'
import { benchLines, camt, csv, mt940, ofx } from './statement-files'

const runtime = globalThis as unknown as { process: { argv: string[] } }
const LINES = Number(runtime.process.argv[2] ?? 8_000)
const RUNS = 15

const lines = benchLines(LINES)
const csvText = csv(lines)
const files: [string, string, ReadStatementOptions][] = [
  ['CSV', csvText, { currency: 'IDR', csv: recogniseCsvLayout(csvText, 'IDR')!.mapping }],
  ['OFX (SGML)', ofx(lines), { currency: 'IDR' }],
  ['CAMT.053', camt(lines), { currency: 'IDR' }],
  ['MT940', mt940(lines), { currency: 'IDR' }],
]

console.log(`${LINES} lines a statement, ${RUNS} runs each (after one warm-up)`)
console.log('| format | file | p50 ms | p95 ms |')
console.log('|---|---|---|---|')
for (const [name, text, options] of files) {
  if (readStatement(text, options).lines.length !== LINES) throw new Error(`${name}: lines lost`)
  const samples: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now()
    readStatement(text, options)
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  const size = `${(text.length / 1_000_000).toFixed(1)} MB`
  console.log(
    `| ${name} | ${size} | ${median(samples).toFixed(0)} | ${percentile(samples, 95).toFixed(0)} |`,
  )
}
