import { afterAll, describe, expect, it } from 'vitest'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../../src-renderer/deposits/rules/expected-deposits'
import { settlementOf, type KeptLine } from '../../../../src-renderer/deposits/rules/matching'
import { AccountResolver } from '../../../../src-renderer/exports/rules/accounts'
import { depositEntry } from '../../../../src-renderer/exports/rules/deposit-entries'
import {
  BEANCOUNT_DEFAULTS,
  writeBeancount,
} from '../../../../src-renderer/exports/rules/formats/beancount'
import { writeLedgerJournal } from '../../../../src-renderer/exports/rules/formats/ledger'
import { collectText } from '../../../support/exports/collect'
import {
  checkedBeanQuery,
  journalFolder,
  toolCsvRows,
  toolOutput,
} from '../../../support/exports/tools'
import { bankLine, expectedDeposit } from '../../../support/deposits'
import { EMPTY_MAPPING, NOTHING_POSTED } from '../../../support/journal-context'

/**
 * Deposit entries through the real tools (Debian's hledger, ledger and beancount): a card
 * settlement less its fee, a batch of QRIS days, a cash deposit short and one over, one in two
 * lines. Every file loads strictly, and the clearing accounts come to what the entries credit.
 */

const folder = journalFolder('till-deposits-')
afterAll(folder.remove)

const bank = defaultDepositSettings('IDR').bankAccounts[0]!

function entry(expected: ExpectedDeposit[], lines: KeptLine[]) {
  const bankLineIds = lines.map((l) => l.id).sort()
  const banked = lines.reduce((sum, l) => sum + l.amount, 0)
  return depositEntry(
    {
      match: {
        id: `${lines[0]!.bankAccountId}|${bankLineIds.join('+')}`,
        bankAccountId: lines[0]!.bankAccountId,
        bankLineIds,
        expectedIds: expected.map((e) => e.id),
        kind: 'by-hand',
        ...settlementOf(expected, banked),
      },
      expected,
      lines,
      bankAccount: bank,
    },
    {
      accounts: new AccountResolver(EMPTY_MAPPING),
      timeZone: 'Asia/Jakarta',
      posted: NOTHING_POSTED,
    },
  )
}

const entries = [
  entry(
    [expectedDeposit('card', 'kemang', '2026-11-26', 1_000_000, { fee: 20_000 })],
    [bankLine('b1', '2026-11-30', 975_000)],
  ),
  entry(
    ['2026-11-27', '2026-11-28', '2026-11-29'].map((date) =>
      expectedDeposit('qris', 'salmiya', date, 300_000, { fee: 2_100 }),
    ),
    [bankLine('b2', '2026-12-01', 893_700)],
  ),
  entry(
    [expectedDeposit('cash', 'kemang', '2026-11-26', 2_000_000)],
    [bankLine('b3', '2026-11-27', 1_990_000)],
  ),
  entry(
    [expectedDeposit('cash', 'kemang', '2026-11-27', 500_000)],
    [bankLine('b4', '2026-11-30', 500_250)],
  ),
  entry(
    [expectedDeposit('cash', 'salmiya', '2026-11-27', 3_000_000)],
    [bankLine('b5', '2026-11-30', 1_000_000), bankLine('b6', '2026-12-01', 2_000_000)],
  ),
]

/** What the entries post per account, by the account's plain-text name (one currency here). */
const TILL: Record<string, number> = {
  'Assets:Bank:Main': 975_000 + 893_700 + 1_990_000 + 500_250 + 3_000_000,
  'Expenses:Merchant-fees': 25_000 + 6_300,
  'Expenses:Cash-over-short': 10_000 - 250,
  'Assets:Card-clearing': -1_000_000,
  'Assets:QRIS-clearing': -900_000,
  'Assets:Cash-clearing': -5_500_000,
}

describe('deposit entries in the real tools', () => {
  it('load strictly in hledger and ledger, with the balances Till posted', async () => {
    const journal = folder.file('journal', await collectText(writeLedgerJournal([entries])))
    const check = await toolOutput('hledger', ['-f', journal, 'check', '--strict'])
    expect(check.stderr).toBe('')
    const csv = await toolOutput('hledger', [
      '-f',
      journal,
      'balance',
      '-O',
      'csv',
      '-N',
      '--layout=bare',
    ])
    const balances = Object.fromEntries(
      toolCsvRows(csv.stdout).map(([account = '', , amount = '']) => [account, Number(amount)]),
    )
    expect(balances).toEqual(TILL)
    const ledger = await toolOutput('ledger', ['--strict', '-f', journal, 'balance'])
    expect(ledger.stderr).toBe('')
  })

  it('pass bean-check, with the balances Till posted', async () => {
    const file = folder.file(
      'beancount',
      await collectText(writeBeancount([entries], BEANCOUNT_DEFAULTS)),
    )
    const rows = await checkedBeanQuery(
      file,
      'SELECT account, str(sum(number)) AS total GROUP BY account',
    )
    expect(rows.length).toBe(Object.keys(TILL).length)
    const totals = rows.map(([, total = '']) =>
      Number(/Decimal\('(.*)'\)/.exec(total)?.[1] ?? total),
    )
    expect(totals.sort((a, b) => a - b)).toEqual(Object.values(TILL).sort((a, b) => a - b))
  })
})
