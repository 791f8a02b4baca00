import { afterAll, describe, expect, it } from 'vitest'
import {
  bankAccountFor,
  defaultDepositSettings,
} from '../../../../src-renderer/deposits/rules/deposit-settings'
import {
  depositSession,
  expectedDeposits,
  type ExpectedDeposit,
} from '../../../../src-renderer/deposits/rules/expected-deposits'
import { settlementOf, type KeptLine } from '../../../../src-renderer/deposits/rules/matching'
import { tallyOf } from '../../../../src-renderer/sessions/rules/session-tally'
import { AccountResolver } from '../../../../src-renderer/exports/rules/accounts'
import { depositEntry } from '../../../../src-renderer/exports/rules/deposit-entries'
import { writeLedgerJournal } from '../../../../src-renderer/exports/rules/formats/ledger'
import { billEntries, expenseEntries } from '../../../../src-renderer/exports/rules/journal'
import { collectText } from '../../../support/exports/collect'
import { expense, sale } from '../../../support/exports/fixtures'
import { journalFolder, toolCsvRows, toolOutput } from '../../../support/exports/tools'
import { EMPTY_MAPPING, NOTHING_POSTED } from '../../../support/journal-context'

/**
 * A day's takings, its expenses paid in cash and by the shop's card, and the bank's deposits of
 * what the day expects, through real hledger: once all is deposited, the clearing accounts are
 * empty (docs/ledger.md#expense-entries). An expense paid by card is paid from the bank, so it
 * leaves the card takings whole for the processor's settlement to empty.
 */

const folder = journalFolder('till-clearing-')
afterAll(folder.remove)

const settings = defaultDepositSettings('USD')
const bank = settings.bankAccounts[0]!
const context = {
  accounts: new AccountResolver(EMPTY_MAPPING),
  timeZone: 'Asia/Jakarta',
  posted: NOTHING_POSTED,
}

// Sale 1023 in session s1 (fixtures): 1,000 by card and 500 in cash (185 still owed, which
// stays in Unpaid bills).
const bill = sale()
const expenses = [
  expense({ id: 'e1', number: 'EXP-1', paymentMethod: 'card', amount: 300 }),
  expense({ id: 'e2', number: 'EXP-2', paymentMethod: 'cash', amount: 100 }),
]

function expectedOfTheDay(): ExpectedDeposit[] {
  const tally = tallyOf('s1', {
    bills: [bill],
    payments: bill.payments.map((p) => ({ ...p, billType: 'sale' as const })),
    expenses,
  })
  const session = depositSession(
    { id: 's1', locationId: 'loc1', businessDate: '2026-11-20', currency: 'USD' },
    tally,
    0,
    [],
    null,
    [],
  )
  return expectedDeposits([session], settings)
}

/** The bank pays each expected deposit in a line of its own, as much as expected. */
function depositsOf(expected: readonly ExpectedDeposit[]) {
  return expected.map((deposit, i) => {
    const line: KeptLine = {
      id: `b${i + 1}`,
      date: deposit.dueDate,
      amount: deposit.amount,
      currency: 'USD',
      text: deposit.id,
      bankAccountId: bank.id,
    }
    return depositEntry(
      {
        match: {
          id: `${line.bankAccountId}|${line.id}`,
          bankAccountId: line.bankAccountId,
          bankLineIds: [line.id],
          expectedIds: [deposit.id],
          kind: 'exact',
          ...settlementOf([deposit], line.amount),
        },
        expected: [deposit],
        lines: [line],
        bankAccount: bank,
      },
      context,
    )
  })
}

describe('clearing accounts once all is deposited', () => {
  it('come to zero in hledger, an expense paid by card included', async () => {
    const expected = expectedOfTheDay()
    // Cash: 500 taken less 100 paid out of the drawer; card: the 1,000 taken.
    expect(expected.map((e) => [e.method, e.gross])).toEqual([
      ['card', 1_000],
      ['cash', 400],
    ])
    const entries = [
      ...billEntries([bill], context).entries,
      ...expenseEntries(expenses, context, (method, location) =>
        bankAccountFor(settings, method, location),
      ),
      ...depositsOf(expected),
    ]
    const journal = folder.file('journal', await collectText(writeLedgerJournal([entries])))
    expect((await toolOutput('hledger', ['-f', journal, 'check', '--strict'])).stderr).toBe('')
    const csv = await toolOutput('hledger', [
      '-f',
      journal,
      'balance',
      '(Card|Cash)-clearing',
      '-E',
      '-O',
      'csv',
      '-N',
      '--layout=bare',
    ])
    const balances = toolCsvRows(csv.stdout).map(([account = '', , amount = '']) => [
      account,
      Number(amount),
    ])
    expect(balances.map(([account]) => account)).toEqual([
      'Assets:Card-clearing',
      'Assets:Cash-clearing',
    ])
    expect(balances.every(([, amount]) => amount === 0)).toBe(true)
  })
})
