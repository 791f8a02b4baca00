import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { TillDatabase } from '../../../src-renderer/database/database'
import { recordMovement } from '../../../src-renderer/day-close/tables/cash-movement-store'
import { writeBills } from '../../../src-renderer/sync/tables/writes'
import type { CsvMapping } from '../../../src-renderer/deposits/rules/statements/csv-statement'
import { makeBill } from '../bill-factory'

/**
 * A shop for the deposit jobs: session S at location 101 on Friday 2026-11-20, closed, took 100.00
 * by card and 50.00 in cash (USD). Under the default settings the bank should see 50.00 cash on
 * Monday the 23rd and 98.00 card money (2 % fee) on Tuesday the 24th.
 */
export const FRIDAY = Date.UTC(2026, 10, 20, 3, 0)

export async function depositShop(): Promise<TillDatabase> {
  const db = new TillDatabase(`till-deposits-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const sale = makeBill({
    id: 'A',
    session: 'S',
    lines: [15000],
    at: FRIDAY,
    payments: [
      { method: 'card', amount: 10000 },
      { method: 'cash', amount: 5000 },
    ],
  })
  await writeBills(db, {
    bills: [sale],
    quarantined: [],
    detailPriority: 1,
    timeZone: 'Asia/Jakarta',
    now: FRIDAY,
  })
  await db.sessions.update('S', { status: 'closed', closedAt: FRIDAY + 8 * 3600_000 })
  return db
}

/** A bank's plain CSV: Date, Description, Amount (signed, dot decimals), Balance. */
export const PLAIN_CSV: CsvMapping = {
  delimiter: ',',
  skipRows: 0,
  footerRows: 0,
  date: 'Date',
  dateFormat: 'YYYY-MM-DD',
  amount: { signed: 'Amount' },
  text: ['Description'],
  balance: 'Balance',
  decimalMark: '.',
}

export function plainCsv(rows: readonly string[]): string {
  return ['Date,Description,Amount,Balance', ...rows].join('\n') + '\n'
}

/** A drop to the safe of 10.00 in session S an hour into the shop's Friday. */
export const dropMovement = (db: TillDatabase, id: string) =>
  recordMovement(db, {
    id,
    sessionId: 'S',
    kind: 'drop',
    amount: 1000,
    currency: 'USD',
    category: null,
    at: FRIDAY + 3600_000,
    by: 'AB',
    note: '',
    replaces: null,
  })

/** A CAMT.053 statement of the shop's USD account `number`, each entry booked, with its words. */
export function camtOf(
  number: string,
  entries: readonly { date: string; amount: string; words: readonly string[] }[],
): string {
  const entry = ({ date, amount, words }: (typeof entries)[number]) => {
    const [first, ...rest] = words
    const details =
      rest.length === 0
        ? `<AddtlNtryInf>${first}</AddtlNtryInf>`
        : `<NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>${first}</Nm></Pty></Dbtr></RltdPties>` +
          `<RmtInf>${rest.map((u) => `<Ustrd>${u}</Ustrd>`).join('')}</RmtInf></TxDtls></NtryDtls>`
    return (
      `<Ntry><Amt Ccy="USD">${amount.replace('-', '')}</Amt>` +
      `<CdtDbtInd>${amount.startsWith('-') ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
      `<BookgDt><Dt>${date}</Dt></BookgDt>${details}</Ntry>`
    )
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>' +
    `<Acct><Id><Othr><Id>${number}</Id></Othr></Id><Ccy>USD</Ccy></Acct>` +
    `${entries.map(entry).join('\n')}</Stmt></BkToCstmrStmt></Document>\n`
  )
}
