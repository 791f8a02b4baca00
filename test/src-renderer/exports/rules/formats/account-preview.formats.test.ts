import { afterAll, describe, expect, it } from 'vitest'
import {
  AccountResolver,
  type AccountMapping,
} from '../../../../../src-renderer/exports/rules/accounts'
import { accountInFormats } from '../../../../../src-renderer/exports/rules/formats/account-preview'
import {
  defaultTarget,
  writeJournal,
  type JournalFormat,
} from '../../../../../src-renderer/exports/rules/formats/journal-formats'
import { billEntries, expenseEntries } from '../../../../../src-renderer/exports/rules/journal'
import type { JournalEntry } from '../../../../../src-renderer/exports/rules/journal-entry'
import { collectText } from '../../../../support/exports/collect'
import { parseCsv } from '../../../../support/exports/csv-parse'
import { expense, sale } from '../../../../support/exports/fixtures'
import { journalFolder, toolOutput } from '../../../../support/exports/tools'
import { NOTHING_POSTED, PAID_FROM_MAIN } from '../../../../support/journal-context'

/**
 * A mapped tax or category stays in its group unless the bookkeeper names another, and each
 * format writes the mapped name as the mapping screen previews it, through the real tools.
 */

const folder = journalFolder('till-account-preview-')
afterAll(folder.remove)

/** The bookkeeper's awkward names: no group, a group of their own, a leading digit, a colon. */
const MAPPING: AccountMapping = {
  accounts: {
    'tax-payable:VAT': { code: '2110', name: 'PPN Keluaran' },
    'expense:Supplies': { code: '6110', name: '2nd hand supplies' },
    'expense:Rent': { code: '6120', name: 'Sewa: kantor pusat' },
    'expense:Cleaning': { code: '6130', name: 'Operating costs:Cleaning' },
  },
  locations: {},
}

function entries(): JournalEntry[] {
  const context = () => ({
    accounts: new AccountResolver(MAPPING),
    timeZone: 'Asia/Jakarta',
    posted: NOTHING_POSTED,
  })
  return [
    ...billEntries([sale()], context()).entries,
    ...expenseEntries(
      [
        expense({ id: 'e1', category: 'Supplies' }),
        expense({ id: 'e2', number: 'EXP-2', category: 'Rent' }),
        expense({ id: 'e3', number: 'EXP-3', category: 'Cleaning' }),
      ],
      context(),
      PAID_FROM_MAIN,
    ),
  ]
}

async function written(format: JournalFormat): Promise<string> {
  return collectText(writeJournal(defaultTarget(format), [entries()]))
}

/** What the preview says the format writes for each mapped role. */
function previewed(format: JournalFormat): string[] {
  return Object.entries(MAPPING.accounts).map(([key, mapped]) => {
    const [type, name = ''] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)]
    const role =
      type === 'tax-payable'
        ? ({ type, tax: name } as const)
        : ({ type: 'expense', category: name } as const)
    return accountInFormats(role, mapped).find((a) => a.format === format)!.account
  })
}

async function tool(command: string, args: string[]): Promise<string> {
  const { stdout, stderr } = await toolOutput(command, args)
  expect(stderr).not.toMatch(/error|warning/i)
  return stdout
}

describe('a mapped account in every format', () => {
  it('hledger and ledger: a tax stays under tax payable, a category under expenses, as previewed', async () => {
    const path = folder.file('journal', await written('ledger'))
    await tool('hledger', ['-f', path, 'check', '--strict'])
    const hledger = (await tool('hledger', ['-f', path, 'accounts'])).split('\n')
    const ledger = (await tool('ledger', ['--strict', '-f', path, 'accounts'])).split('\n')
    const expected = [
      'Liabilities:Tax-payable:PPN-Keluaran',
      'Expenses:2nd-hand-supplies',
      'Expenses:Sewa:Kantor-pusat',
      'Expenses:Operating-costs:Cleaning',
    ]
    for (const name of expected) {
      expect(hledger).toContain(name)
      expect(ledger).toContain(name)
    }
    expect(previewed('ledger')).toEqual(expected)
  })

  it('beancount: the same names pass bean-check, as previewed', async () => {
    const text = await written('beancount')
    await tool('bean-check', [folder.file('beancount', text)])
    const opened = [...text.matchAll(/^\S+ open (\S+)$/gm)].map((m) => m[1])
    expect(previewed('beancount').every((name) => opened.includes(name))).toBe(true)
    expect(opened).toContain('Liabilities:Tax-payable:PPN-Keluaran')
  })

  it('QuickBooks: the group is the parent account, a typed colon a sub-account the preview names', async () => {
    const [header = [], ...rows] = parseCsv(await written('quickbooks'))
    const names = rows.map((row) => row[header.indexOf('Account Name')])
    expect(names).toContain('Tax payable:PPN Keluaran')
    expect(names).toContain('Expenses:2nd hand supplies')
    expect(names).toContain('Sewa: kantor pusat')
    expect(names).toContain('Operating costs:Cleaning')
    expect(previewed('quickbooks').every((name) => names.includes(name))).toBe(true)
    const rent = accountInFormats(
      { type: 'expense', category: 'Rent' },
      MAPPING.accounts['expense:Rent']!,
    ).find((a) => a.format === 'quickbooks')
    expect(rent?.note).toBe('sub-account “kantor pusat” of “Sewa”')
  })

  it('Xero and the generic CSV: matched by code, the name kept with its group', async () => {
    const [xeroHeader = [], ...xeroRows] = parseCsv(await written('xero'))
    const codes = xeroRows.map((row) => row[xeroHeader.indexOf('AccountCode')])
    for (const code of ['2110', '6110', '6120', '6130']) expect(codes).toContain(code)
    const [csvHeader = [], ...csvRows] = parseCsv(await written('journal-csv'))
    const named = csvRows.map(
      (row) =>
        `${row[csvHeader.indexOf('account_code')]} ${row[csvHeader.indexOf('account_name')]}`,
    )
    expect(named).toContain('2110 Tax payable:PPN Keluaran')
    expect(previewed('journal-csv').every((name) => named.includes(name))).toBe(true)
  })

  it('says what a format changed, and nothing when it takes the name as typed', () => {
    const rent = accountInFormats({ type: 'expense', category: 'Rent' }, { code: '', name: 'Rent' })
    expect(rent.map((a) => [a.format, a.account, a.note])).toEqual([
      ['xero', 'Expenses:Rent', 'matched by code'],
      ['quickbooks', 'Expenses:Rent', 'sub-account “Rent” of “Expenses”'],
      ['ledger', 'Expenses:Rent', null],
      ['beancount', 'Expenses:Rent', null],
      ['journal-csv', 'Expenses:Rent', null],
    ])
    const card = accountInFormats(
      { type: 'clearing', method: 'card' },
      { code: '1010', name: 'Kartu Débit' },
    )
    expect(card.map((a) => [a.format, a.account, a.note])).toEqual([
      ['xero', '1010 Kartu Débit', 'matched by code'],
      ['quickbooks', 'Kartu Débit', null],
      [
        'ledger',
        'Assets:Kartu-Debit',
        'accents dropped, any other character but a letter or digit made “-”',
      ],
      [
        'beancount',
        'Assets:Kartu-Debit',
        'accents dropped, any other character but a letter or digit made “-”',
      ],
      ['journal-csv', '1010 Kartu Débit', null],
    ])
  })
})
