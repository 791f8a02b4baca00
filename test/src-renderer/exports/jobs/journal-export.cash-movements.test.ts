import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { recordMovement } from '../../../../src-renderer/day-close/tables/cash-movement-store'
import { writeBills } from '../../../../src-renderer/sync/tables/writes'
import { saveLocationName } from '../../../../src-renderer/settings/tables/location-names'
import { formatClock } from '../../../../src-renderer/format/time'
import {
  addDestination,
  switchGranularity,
} from '../../../../src-renderer/exports/tables/destinations'
import type { CashMovement } from '../../../../src-renderer/day-close/rules/cash-movements'
import type { JournalFormat } from '../../../../src-renderer/exports/rules/formats/journal-formats'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { parseCsvFile } from '../../../support/exports/csv-parse'
import {
  checkedBeanQuery,
  journalFolder,
  toolCsvRows,
  toolOutput,
} from '../../../support/exports/tools'
import { makeBill } from '../../../support/bill-factory'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/**
 * Cash movements reach the books through the real export jobs, each a `cash-movement:<id>` entry
 * of its session's business date; a correction posts as a reversal and a new entry. The files are
 * read back by hledger (strict), ledger and bean-check.
 */

const DAY = Date.UTC(2026, 10, 20, 3, 0)
const LATER = DAY + 13 * 3600_000
const folder = journalFolder('till-cash-movements-')
afterAll(folder.remove)

let db: TillDatabase
beforeEach(async () => {
  db = new TillDatabase(`till-cash-movements-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const sale = makeBill({
    id: 'A',
    session: 'S',
    lines: [5000],
    at: DAY,
    payments: [{ method: 'cash', amount: 5000 }],
  })
  await writeBills(db, {
    bills: [sale],
    quarantined: [],
    detailPriority: 1,
    timeZone: 'Asia/Jakarta',
    now: DAY,
  })
})
afterEach(() => db.close())

let count = 0
async function move(
  kind: CashMovement['kind'],
  amount: number,
  more: Partial<CashMovement> = {},
): Promise<string> {
  const id = `m${++count}`
  await recordMovement(db, {
    id,
    sessionId: 'S',
    kind,
    amount,
    currency: 'USD',
    category: null,
    at: DAY + count * 60_000,
    by: 'Ana',
    note: '',
    replaces: null,
    ...more,
  })
  return id
}

function exported(what: JournalFormat, destinationId?: string): Promise<string> {
  return collectText(
    runExport({
      db,
      what,
      destinationId,
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
      now: () => new Date(LATER),
    }),
  )
}

/** hledger --strict's balance of each account over `paths`, the tool's own text. */
async function hledgerBalances(paths: string[]): Promise<Map<string, string>> {
  const { stdout, stderr } = await toolOutput('hledger', [
    '--strict',
    ...paths.flatMap((p) => ['-f', p]),
    'balance',
    '--flat',
    '--no-total',
    '-O',
    'csv',
  ])
  expect(stderr).toBe('')
  return new Map(toolCsvRows(stdout).map(([account, amount]) => [account!, amount!]))
}

describe('cash movements in the journals', () => {
  it('post pay-ins, pay-outs and drops against cash clearing on the session’s date; the float posts nothing', async () => {
    await saveLocationName(db, '101', 'Salmiya')
    await move('float', 1000)
    await move('pay-in', 2000, { note: 'change from the owner' })
    await move('pay-out', 500, { category: 'supplies', note: 'ice' })
    await move('pay-out', 300, { note: 'window cleaner' })
    await move('drop', 4000)

    const csv = parseCsvFile(await exported('journal-csv')).filter((r) =>
      r['entry_id']!.startsWith('cash-movement:'),
    )
    expect(new Set(csv.map((r) => r['entry_id']))).toEqual(
      new Set(['cash-movement:m2', 'cash-movement:m3', 'cash-movement:m4', 'cash-movement:m5']),
    )
    expect(new Set(csv.map((r) => r['date']))).toEqual(new Set(['2026-11-20']))
    const lines = csv.map((r) => [r['entry_id'], r['account_code'], r['debit'], r['credit']])
    expect(lines).toEqual(
      expect.arrayContaining([
        ['cash-movement:m2', '1000', '20.00', ''],
        ['cash-movement:m2', '3100', '', '20.00'],
        ['cash-movement:m3', '1000', '', '5.00'],
        ['cash-movement:m4', '6800', '3.00', ''],
        ['cash-movement:m4', '1000', '', '3.00'],
        ['cash-movement:m5', '1060', '40.00', ''],
        ['cash-movement:m5', '1000', '', '40.00'],
      ]),
    )
    const supplies = csv.find((r) => r['entry_id'] === 'cash-movement:m3' && r['debit'] !== '')
    expect(supplies?.['account_name']).toBe('Expenses:supplies')
    // Narrated by the session's name (day · location · hours), its id left to the tags.
    const opened = formatClock(DAY, 'Asia/Jakarta')
    expect(csv.find((r) => r['entry_id'] === 'cash-movement:m3')?.['description']).toBe(
      `Pay-out · Supplies, Fri 20 Nov · Salmiya · ${opened}–close not recorded, by Ana: ice`,
    )

    const path = folder.file('journal', await exported('ledger'))
    const balances = await hledgerBalances([path])
    // 50.00 of cash sales + 20.00 paid in − 5.00 − 3.00 paid out − 40.00 dropped.
    expect(balances.get('Assets:Cash-clearing')).toBe('22.00 USD')
    expect(balances.get('Assets:Cash-in-safe-deposits-in-transit')).toBe('40.00 USD')
    expect(balances.get('Equity:Owner-contributions')).toBe('-20.00 USD')
    expect(balances.get('Expenses:Cash-pay-outs')).toBe('3.00 USD')
    expect(balances.get('Expenses:Supplies')).toBe('5.00 USD')
    const ledger = await toolOutput('ledger', ['--strict', '-f', path, 'balance'])
    expect(ledger.stderr).toBe('')
  })

  it('a correction reverses what was posted and posts the new movement; a cancel only reverses', async () => {
    await move('pay-in', 2000)
    const payOut = await move('pay-out', 500, { category: 'supplies', note: 'ice' })
    const drop = await move('drop', 4000)
    const firstLedger = folder.file('journal', await exported('ledger'))
    const firstBean = await exported('beancount')

    await move('pay-out', 450, {
      category: 'supplies',
      note: 'ice, receipt says 4.50',
      replaces: payOut,
    })
    await move('cancel', 0, { replaces: drop, note: 'recorded in the wrong session' })
    const second = await exported('ledger')
    expect(second).toContain(`cash-movement:${payOut}:adj:1`)
    const secondLedger = folder.file('journal', second)
    const balances = await hledgerBalances([firstLedger, secondLedger])
    expect(balances.get('Assets:Cash-clearing')).toBe('65.50 USD')
    expect(balances.get('Expenses:Supplies')).toBe('4.50 USD')
    expect(balances.has('Assets:Cash-in-safe-deposits-in-transit')).toBe(false)

    // Exporting again writes nothing new.
    expect(await exported('ledger')).not.toContain('cash-movement')

    const bean = folder.file('beancount', `${firstBean}\n${await exported('beancount')}`)
    const rows = await checkedBeanQuery(
      bean,
      "SELECT account, sum(position) WHERE account ~ 'Cash' GROUP BY account ORDER BY account",
    )
    expect(rows.map((r) => r.map((cell) => cell.trim()))).toEqual(
      expect.arrayContaining([[expect.stringContaining('Cash-clearing'), '65.50 USD']]),
    )
  })

  it('post the same on a destination that posts per session summary as on one per bill', async () => {
    await move('pay-in', 2000)
    await move('pay-out', 500, { category: 'supplies', note: 'ice' })
    await move('drop', 4000)
    const summaries = await addDestination(db, 'Books by session', 'ledger')
    await switchGranularity(db, summaries.id, 'session', null)
    const perSession = await exported('ledger', summaries.id)
    expect(perSession).toContain('session:S')
    expect(perSession).toContain('cash-movement:m')
    const perBill = await exported('ledger')
    expect(await hledgerBalances([folder.file('journal', perSession)])).toEqual(
      await hledgerBalances([folder.file('journal', perBill)]),
    )
  })
})
