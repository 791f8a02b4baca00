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

const runtime = globalThis as unknown as { process: { argv: string[] } }
const LINES = Number(runtime.process.argv[2] ?? 8_000)
const RUNS = 15

interface BenchLine {
  date: string
  amount: number
  ref: string
  text: string
}

function benchLines(count: number): BenchLine[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2025, 0, 1 + Math.floor((i * 365) / count)))
    return {
      date: day.toISOString().slice(0, 10),
      amount: 150_000 + ((i * 7919) % 5_000_000),
      ref: `REF${String(i).padStart(8, '0')}`,
      text: `CARD SETTLEMENT OUTLET ${(i % 5) + 1} BATCH ${i}`,
    }
  })
}

function csv(lines: BenchLine[]): string {
  let balance = 0
  const rows = lines.map(({ date, amount, text }) => {
    balance += amount
    const [y, m, d] = date.split('-')
    return `CREDIT,${m}/${d}/${y},"${text}",${amount}.00,ACH_CREDIT,${balance}.00,`
  })
  return ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #', ...rows].join(
    '\r\n',
  )
}

function camt(lines: BenchLine[]): string {
  const entries = lines.map(
    ({ date, amount, ref, text }) =>
      `<Ntry><Amt Ccy="IDR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
      `<BookgDt><Dt>${date}</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef><AddtlNtryInf>${text}</AddtlNtryInf></Ntry>`,
  )
  return `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><Othr><Id>1</Id></Othr></Id><Ccy>IDR</Ccy></Acct>\n${entries.join('\n')}\n</Stmt></BkToCstmrStmt></Document>`
}

function mt940(lines: BenchLine[]): string {
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  const yymmdd = (date: string) => date.slice(2).replace(/-/g, '')
  const body = lines.flatMap(({ date, amount, ref, text }) => [
    `:61:${yymmdd(date)}C${amount},NTRFNONREF//${ref}`,
    `:86:${text}`,
  ])
  return [':20:BENCH', ':25:1', ':60F:C250101IDR0,', ...body, `:62F:C251231IDR${total},`, '-'].join(
    '\r\n',
  )
}

function ofx(lines: BenchLine[]): string {
  const transactions = lines.map(
    ({ date, amount, ref, text }) =>
      `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${date.replace(/-/g, '')}<TRNAMT>${amount}<FITID>${ref}<NAME>${text}</STMTTRN>`,
  )
  return `OFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>IDR<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>\r\n${transactions.join('\r\n')}\r\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`
}

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
