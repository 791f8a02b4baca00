import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { storedMatches } from '../../../../src-renderer/deposits/tables/deposit-matches'
import { addDestination } from '../../../../src-renderer/exports/tables/destinations'
import { statementLines } from '../../../../src-renderer/deposits/tables/statement-lines'
import { matchByHand, unmatchDeposit } from '../../../../src-renderer/deposits/jobs/hand-match'
import { importStatement } from '../../../../src-renderer/deposits/jobs/import-statement'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { parseCsvFile } from '../../../support/exports/csv-parse'
import { EMPTY_MAPPING } from '../../../support/journal-context'
import { FRIDAY, PLAIN_CSV, depositShop, plainCsv } from '../../../support/deposits/shop'
import { saveDepositSettings } from '../../../../src-renderer/deposits/tables/deposit-settings-store'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'

/**
 * Deposits reach the books through the real export job: a standing match posts
 * `deposit:<bank account>:<bank line id>` once per destination, and unmatching it posts its
 * reversal.
 */

let db: TillDatabase
beforeEach(async () => {
  db = await depositShop()
})
afterEach(() => db.close())

const NOW = FRIDAY + 6 * 86_400_000
const CASH_LINE = '2026-11-23,CASH DEPOSIT,49.00,49.00'
const CARD_LINE = '2026-11-24,CARD SETTLEMENT,98.00,147.00'

type Row = Record<string, string>

async function exported(destinationId?: string): Promise<Row[]> {
  const text = await collectText(
    runExport({
      db,
      what: 'journal-csv',
      destinationId,
      range: { from: '2026-11-20', to: '2026-11-30', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
      now: () => new Date(NOW),
    }),
  )
  return text === '' ? [] : (parseCsvFile(text) as Row[])
}

const cents = (text: string | undefined) => Math.round(Number(text || '0') * 100)

/** Debits less credits per account name over the rows. */
function balances(rows: readonly Row[]): Map<string, number> {
  const sums = new Map<string, number>()
  for (const row of rows) {
    const name = row['account_name']!
    sums.set(name, (sums.get(name) ?? 0) + cents(row['debit']) - cents(row['credit']))
  }
  return sums
}

describe('deposits in the journals', () => {
  it('post the bank, the fee and the cash short against the clearing accounts, which come to zero; once per destination; unmatched, reversed', async () => {
    const imported = await importStatement(
      db,
      { bankAccountId: 'main', text: plainCsv([CASH_LINE, CARD_LINE]), csv: PLAIN_CSV },
      'USD',
      NOW,
    )
    // The card money matches on its own; 49.00 banked for a 50.00 count is a person's call.
    expect(imported).toMatchObject({ added: 2, matched: 1 })
    const cash = (await statementLines(db)).find((l) => l.amount === 4900)!
    await matchByHand(
      db,
      { bankAccountId: 'main', bankLineIds: [cash.id], expectedIds: ['cash|101|2026-11-20'] },
      'Ana',
      'USD',
      NOW,
    )
    const keys = (await storedMatches(db)).map((m) => `deposit:main:${m.bankLineIds[0]}`)

    const first = await exported()
    const deposits = first.filter((r) => r['entry_id']!.startsWith('deposit:'))
    expect(new Set(deposits.map((r) => r['entry_id']))).toEqual(new Set(keys))
    const sums = balances(first)
    const clearing = [...sums].filter(([name]) => /clearing/i.test(name))
    expect(clearing.map(([name]) => name).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/card/i), expect.stringMatching(/cash/i)]),
    )
    for (const [, amount] of clearing) expect(amount).toBe(0)
    expect([...sums].filter(([name]) => /fee/i.test(name)).map(([, a]) => a)).toEqual([200])
    expect([...sums].filter(([name]) => /over|short/i.test(name)).map(([, a]) => a)).toEqual([100])

    // Once per destination: nothing new for the first, everything for a second.
    expect(await exported()).toEqual([])
    const second = await addDestination(db, 'Second books', 'journal-csv')
    expect(
      new Set(
        (await exported(second.id)).flatMap((r) =>
          r['entry_id']!.startsWith('deposit:') ? [r['entry_id']] : [],
        ),
      ),
    ).toEqual(new Set(keys))

    // Unmatched: the next export reverses the card deposit alone.
    const card = (await storedMatches(db)).find((m) => m.expectedIds[0]!.startsWith('card'))!
    await unmatchDeposit(db, card.id, 'Budi', NOW + 1)
    const reversal = await exported()
    expect(reversal.length).toBeGreaterThan(0)
    for (const row of reversal)
      expect(row['entry_id']!.startsWith(`deposit:main:${card.bankLineIds[0]}`)).toBe(true)
    const undone = balances(reversal)
    expect([...undone].filter(([name]) => /card/i.test(name)).map(([, a]) => a)).toEqual([
      9800 + 200,
    ])
    expect(
      [...balances([...first, ...reversal])]
        .filter(([name]) => /fee/i.test(name))
        .map(([, a]) => a),
    ).toEqual([0])
    expect(await exported()).toEqual([])
  })

  it('post the matches of two bank accounts whose statements give the same line id once each, and reverse one alone', async () => {
    const settings = defaultDepositSettings('USD')
    await saveDepositSettings(db, {
      ...settings,
      bankAccounts: [...settings.bankAccounts, { id: 'savings', name: 'Savings', currency: 'USD' }],
      cash: { ...settings.cash, bankAccountId: 'savings' },
    })
    const withRef = { ...PLAIN_CSV, id: 'Ref' }
    const statement = (row: string) => `Date,Description,Amount,Balance,Ref\n${row},R1\n`
    for (const [bankAccountId, row] of [
      ['main', CARD_LINE],
      ['savings', '2026-11-23,CASH DEPOSIT,50.00,50.00'],
    ] as const)
      await importStatement(db, { bankAccountId, text: statement(row), csv: withRef }, 'USD', NOW)
    const matches = await storedMatches(db)
    expect(matches.map((m) => [m.id, m.expectedIds[0]!.split('|')[0]])).toEqual([
      ['main|R1', 'card'],
      ['savings|R1', 'cash'],
    ])

    const first = await exported()
    const posted = (rows: readonly Row[]) =>
      new Set(rows.flatMap((r) => (r['entry_id']!.startsWith('deposit:') ? [r['entry_id']] : [])))
    expect(posted(first)).toEqual(new Set(['deposit:main:R1', 'deposit:savings:R1']))
    const banked = (rows: readonly Row[], key: string) =>
      rows
        .filter((r) => r['entry_id'] === key && r['account_name']!.startsWith('Bank:'))
        .map((r) => [r['account_name'], cents(r['debit'])])
    expect(banked(first, 'deposit:savings:R1')).toEqual([['Bank:savings', 5000]])
    expect(banked(first, 'deposit:main:R1')).toEqual([['Bank:main', 9800]])
    expect(await exported()).toEqual([])

    await unmatchDeposit(db, 'savings|R1', 'Budi', NOW + 1)
    const reversal = await exported()
    expect(posted(reversal)).toEqual(new Set(['deposit:savings:R1:reversal']))
    expect(await exported()).toEqual([])
  })

  it('keep a match’s key from before matches were kept per bank account: posted once under it, and reversed under it', async () => {
    await importStatement(
      db,
      { bankAccountId: 'main', text: plainCsv([CARD_LINE]), csv: PLAIN_CSV },
      'USD',
      NOW,
    )
    const [card] = await storedMatches(db)
    // As cache version 24 carries over a match an older Till posted.
    const legacyKey = `deposit:${card!.bankLineIds[0]}`
    await db.depositMatches.put({ ...card!, postingKey: legacyKey })
    const deposits = (rows: readonly Row[]) =>
      new Set(rows.flatMap((r) => (r['entry_id']!.startsWith('deposit') ? [r['entry_id']] : [])))
    expect(deposits(await exported())).toEqual(new Set([legacyKey]))
    expect(await exported()).toEqual([])
    await unmatchDeposit(db, card!.id, 'Budi', NOW + 1)
    const reversal = await exported()
    expect(reversal.length).toBeGreaterThan(0)
    expect(deposits(reversal)).toEqual(new Set([`${legacyKey}:reversal`]))
  })
})
