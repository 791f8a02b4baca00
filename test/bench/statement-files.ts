/**
 * Bank statements for the bench, built line by line: a five-location shop's deposits over a year,
 * amounts and ids varying so nothing is cached, in each format Till reads.
 */

interface BenchLine {
  date: string
  amount: number
  ref: string
  text: string
}

export function benchLines(count: number): BenchLine[] {
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

export function csv(lines: BenchLine[]): string {
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

export function camt(lines: BenchLine[]): string {
  const entries = lines.map(
    ({ date, amount, ref, text }) =>
      `<Ntry><Amt Ccy="IDR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
      `<BookgDt><Dt>${date}</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef><AddtlNtryInf>${text}</AddtlNtryInf></Ntry>`,
  )
  return `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><Othr><Id>1</Id></Othr></Id><Ccy>IDR</Ccy></Acct>\n${entries.join('\n')}\n</Stmt></BkToCstmrStmt></Document>`
}

export function mt940(lines: BenchLine[]): string {
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

export function ofx(lines: BenchLine[]): string {
  const transactions = lines.map(
    ({ date, amount, ref, text }) =>
      `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${date.replace(/-/g, '')}<TRNAMT>${amount}<FITID>${ref}<NAME>${text}</STMTTRN>`,
  )
  return `OFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>IDR<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>\r\n${transactions.join('\r\n')}\r\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`
}

/** A CAMT.053 statement of about `bytes` bytes (its lines spread over a year). */
export function camtOfSize(bytes: number): string {
  const sample = 1_000
  const perLine = camt(benchLines(sample)).length / sample
  return camt(benchLines(Math.ceil(bytes / perLine)))
}
