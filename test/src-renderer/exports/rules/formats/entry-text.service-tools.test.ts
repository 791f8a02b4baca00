import { PAID_FROM_MAIN } from '../../../../support/journal-context'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { currencyExponent, toMinorUnits } from '../../../../../src-shared/domain/money'
import type { Expense } from '../../../../../src-shared/domain/records'
import {
  BEANCOUNT_DEFAULTS,
  writeBeancount,
} from '../../../../../src-renderer/exports/rules/formats/beancount'
import { boundedEntry } from '../../../../../src-renderer/exports/rules/formats/entry-text'
import { writeLedgerJournal } from '../../../../../src-renderer/exports/rules/formats/ledger'
import { PlainTextAccounts } from '../../../../../src-renderer/exports/rules/formats/plain-text'
import {
  billEntries,
  expenseEntries,
  type JournalBill,
} from '../../../../../src-renderer/exports/rules/journal'
import type { JournalEntry } from '../../../../../src-renderer/exports/rules/journal-entry'
import { collectText } from '../../../../support/exports/collect'
import { expense, sale } from '../../../../support/exports/fixtures'
import { context, perBill } from '../../../../support/exports/journals'
import { shopArbitrary, type Shop } from '../../../../support/exports/shop'
import { journalFolder, toolCsvRows, toolOutput } from '../../../../support/exports/tools'

/**
 * Text the service sends (an expense category, a tax name, a supplier) written into the
 * plain-text journals, read back by the real tools: it never dates a posting, names a payee or
 * tags one, and never makes a line a tool refuses.
 */

const folder = journalFolder('till-service-text-')
afterAll(folder.remove)

/** A posting as a tool read it; beancount's with its transaction's narration. */
interface ReadPosting {
  date: string
  payee: string
  narration?: string
  account: string
  amount: number
  commodity: string
}

function amountOf(quantity: string, commodity: string): number {
  return toMinorUnits(quantity.trim(), currencyExponent(commodity.trim()))
}

function noComplaint(stderr: string): void {
  expect(stderr).toBe('')
}

async function hledgerPostings(path: string): Promise<ReadPosting[]> {
  const base = ['--strict', '-f', path, 'register', '-O', 'csv']
  const accounts = await toolOutput('hledger', base)
  const payees = await toolOutput('hledger', [...base, '--pivot', 'payee'])
  noComplaint(accounts.stderr + payees.stderr)
  const payeeRows = toolCsvRows(payees.stdout)
  return toolCsvRows(accounts.stdout).map(([, date = '', , , account = '', amount = ''], i) => {
    const [quantity = '', commodity = ''] = amount.split(' ')
    return {
      date,
      payee: payeeRows[i]?.[4] ?? '',
      account,
      amount: amountOf(quantity, commodity),
      commodity,
    }
  })
}

/** Postings as ledger reports them, tab-separated: no text Till writes holds a tab. */
async function ledgerPostings(path: string): Promise<ReadPosting[]> {
  const { stdout, stderr } = await toolOutput('ledger', [
    '--strict',
    '-f',
    path,
    'register',
    '--format',
    '%(format_date(date, "%Y-%m-%d"))\t%(payee)\t%(account)\t%(commodity(scrub(amount)))\t%(quantity(scrub(amount)))\n',
  ])
  noComplaint(stderr)
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [date = '', payee = '', account = '', commodity = '', amount = ''] = line.split('\t')
      return { date, payee, account, amount: amountOf(amount, commodity), commodity }
    })
}

async function beancountPostings(path: string): Promise<ReadPosting[]> {
  const { stdout, stderr } = await toolOutput('bean-query', [
    '-f',
    'csv',
    path,
    // str() gives the exact Decimal; the rendered number column rounds to a shared precision.
    'SELECT date, payee, narration, account, str(number), currency',
  ])
  noComplaint(stderr)
  // bean-query pads every cell to its column's width.
  return toolCsvRows(stdout).map((row) => {
    const [date = '', payee = '', narration = '', account = '', number = '', commodity = ''] =
      row.map((cell) => cell.trim())
    const quantity = /^Decimal\('(.*)'\)$/.exec(number)?.[1] ?? number
    return { date, payee, narration, account, amount: amountOf(quantity, commodity), commodity }
  })
}

async function ledgerFile(entries: JournalEntry[]): Promise<string> {
  return folder.file('journal', await collectText(writeLedgerJournal([entries])))
}

async function beancountFile(entries: JournalEntry[]): Promise<string> {
  return folder.file('beancount', await collectText(writeBeancount([entries], BEANCOUNT_DEFAULTS)))
}

function expenseEntry(more: Partial<Expense>): JournalEntry[] {
  return expenseEntries([expense(more)], context(), PAID_FROM_MAIN)
}

function billEntry(more: Partial<JournalBill>): JournalEntry[] {
  return billEntries([sale(more)], context()).entries
}

const dates = (postings: ReadPosting[]) => [...new Set(postings.map((p) => p.date))]
const payees = (postings: ReadPosting[]) => [...new Set(postings.map((p) => p.payee))]

describe('service text in the hledger/ledger journal', () => {
  it('never dates a posting: a category "Rent [1998/02/02]" or "Supplies date:2001/02/03"', async () => {
    for (const category of [
      'Rent [1998/02/02]',
      'Supplies date:2001/02/03',
      'Rent [=2001/02/03]',
    ]) {
      const path = await ledgerFile(expenseEntry({ category }))
      expect(dates(await hledgerPostings(path))).toEqual(['2026-11-20'])
      expect(dates(await ledgerPostings(path))).toEqual(['2026-11-20'])
    }
  })

  it('is read by hledger as written: a tax named "note date:1999-01-01" dates nothing', async () => {
    const tax = { name: 'note date:1999-01-01', rate: 10, amount: 153 }
    const path = await ledgerFile(billEntry({ taxes: [tax] }))
    await toolOutput('hledger', ['-f', path, 'check', '--strict'])
    const postings = await hledgerPostings(path)
    expect(dates(postings)).toEqual(['2026-11-20'])
    expect(postings.map((p) => p.amount)).toContain(-153)
  })

  it('never names ledger a payee: a category "Payee: Mallory"', async () => {
    const path = await ledgerFile(expenseEntry({ category: 'Payee: Mallory', supplier: null }))
    expect(payees(await ledgerPostings(path))).toEqual(['Expense EXP-1: Paper'])
  })

  it('never tags a posting in ledger: a category ":evil:tag:"', async () => {
    const path = await ledgerFile(expenseEntry({ category: ':evil:tag:' }))
    const { stdout, stderr } = await toolOutput('ledger', ['-f', path, 'tags'])
    noComplaint(stderr)
    expect(stdout.split('\n').filter((tag) => tag !== '')).toEqual([
      'entry_id',
      'location_id',
      'register_session_id',
    ])
  })

  it('keeps the supplier hledger reads whole: "|" and a leading "(" are plain text', async () => {
    const entries = [
      ...expenseEntry({ supplier: 'Toko | Mallory' }),
      ...expenseEntry({ id: 'e2', supplier: '(42) Toko Maju' }),
    ]
    const path = await ledgerFile(entries)
    expect(payees(await hledgerPostings(path)).sort()).toEqual([
      'Toko ¦ Mallory',
      '（42) Toko Maju',
    ])
  })

  it('never makes a line ledger refuses: a 100 kB category and supplier', async () => {
    const entries = expenseEntry({
      category: 'Rent '.repeat(20_000),
      supplier: '日本'.repeat(50_000),
    })
    const path = await ledgerFile(entries)
    const postings = await ledgerPostings(path)
    expect(postings.map((p) => p.amount).sort()).toEqual([-2_500, 2_500])
    expect(dates(await hledgerPostings(path))).toEqual(['2026-11-20'])
    const beans = await beancountPostings(await beancountFile(entries))
    expect(beans.map((p) => p.amount).sort()).toEqual([-2_500, 2_500])
  })
})

/** Pieces of text the tools give a meaning to, lines that would be directives, awkward letters. */
const HOSTILE = [
  '[1998/02/02]',
  '[=2001/02/03]',
  'date:2001/02/03',
  'date:1999-01-01',
  ', date2:2000-01-01',
  'Payee: Mallory',
  'payee:Mallory',
  ':evil:tag:',
  'note:: 1/0',
  ';',
  '  ; ',
  '|',
  '(',
  '(code) ',
  ')',
  '"',
  '\\',
  '\\"',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u2028',
  '\u0085',
  '\u0000',
  '\v\f',
  '\uFEFF',
  '\u00A0',
  '\uD800',
  '😀',
  'é',
  '日本語',
  'ﷺ',
  ',',
  '%2C',
  '#tag ^link',
  '@ 2 EUR',
  '* ! =',
  '\ninclude /etc/passwd\n',
  '\naccount Assets:Evil\n',
  '\ncommodity EVIL\n',
  '\n2001-01-01 open Assets:Evil\n',
  '\n2001-01-01 * "evil"\n  Assets:Evil  1 USD\n  Assets:Cash\n',
  '\n    Assets:Evil  1 USD\n',
  '\nP 2001-01-01 USD 2 EUR\n',
  '\n= expr\n',
  '\n~ monthly\n',
  '\napply tag evil\n',
  '\nyear 1999\n',
  '\noption "title" "x"\n',
  '\nplugin "beancount.plugins.auto"\n',
]

const shortText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', maxLength: 6 })), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''))
const longText = fc
  .tuple(fc.constantFrom(...HOSTILE, 'Rent ', '日本'), fc.integer({ min: 4_000, max: 100_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length))
const serviceText = fc.oneof(
  { weight: 12, arbitrary: shortText },
  { weight: 1, arbitrary: longText },
)

/** The shops' bills and expenses with the texts as their numbers, names, notes and suppliers. */
function hostileEntries(shops: readonly Shop[], texts: readonly string[]): JournalEntry[] {
  let next = 0
  const text = () => texts[next++ % texts.length] ?? ''
  return shops.flatMap((shop, s) =>
    perBill({
      ...shop,
      bills: shop.bills.map((b) => ({
        ...b,
        number: text(),
        taxes: b.taxes.map((tax) => ({ ...tax, name: text() })),
        payments: b.payments.map((p) => ({ ...p, method: text() })),
      })),
      expenses: shop.expenses.map((e) => ({
        ...e,
        number: text(),
        category: text(),
        description: text(),
        supplier: text(),
        paymentMethod: text(),
      })),
    }).entries.map((entry, i) => ({
      ...entry,
      id: `${text()}#${s}.${i}`,
      billId: text(),
      registerSessionId: text(),
      locationId: text(),
    })),
  )
}

/**
 * What the plan says a text reads as (the test's own statement of it): every run of white space
 * and control characters one space, trimmed, a lone surrogate U+FFFD, and cut with an ellipsis
 * to `max` UTF-16 units, never inside a pair.
 */
function planned(text: string, max: number): string {
  let line = ''
  for (const char of text) {
    const blank = /^[\s\p{Cc}\p{Zl}\p{Zp}]$/u.test(char)
    if (blank) line = line.endsWith(' ') ? line : `${line} `
    else line += /^\p{Cs}$/u.test(char) ? '\uFFFD' : char
  }
  line = line.trim()
  if (line.length <= max) return line
  let kept = ''
  for (const char of line) {
    if (kept.length + char.length > max - 1) break
    kept += char
  }
  return `${kept.trimEnd()}…`
}

/** An hledger/ledger description line: `;` and `|` are text there, and so is a leading `(`. */
function descriptionLine(parts: string[]): string {
  return parts
    .map((part) => part.replaceAll(';', ',').replaceAll('|', '¦'))
    .join(' | ')
    .replace(/^\(/, '（')
}

/** Each posting the plan holds, as `date|payee|account|amount|commodity` per tool, sorted. */
function plannedPostings(entries: readonly JournalEntry[]): Record<Tool, string[]> {
  const names = new PlainTextAccounts()
  const out: Record<Tool, string[]> = { hledger: [], ledger: [], beancount: [] }
  for (const entry of entries) {
    const payee = entry.payee === null ? '' : planned(entry.payee, 100)
    const description = planned(entry.description, 300)
    const payees: Record<Tool, string> = {
      hledger: descriptionLine([payee === '' ? description : payee]),
      ledger: descriptionLine(payee === '' ? [description] : [payee, description]),
      beancount: `${payee}|${description}`,
    }
    for (const line of boundedEntry(entry).lines) {
      const posting = `${names.name(line.account).name}|${line.amount}|${entry.currency}`
      for (const tool of TOOLS) out[tool].push(`${entry.date}|${payees[tool]}|${posting}`)
    }
  }
  for (const tool of TOOLS) out[tool].sort()
  return out
}

type Tool = 'hledger' | 'ledger' | 'beancount'
const TOOLS: Tool[] = ['hledger', 'ledger', 'beancount']

function keys(postings: readonly ReadPosting[]): string[] {
  return postings
    .map((p) => {
      const payee = p.narration === undefined ? p.payee : `${p.payee}|${p.narration}`
      return `${p.date}|${payee}|${p.account}|${p.amount}|${p.commodity}`
    })
    .sort()
}

describe('service text through the real tools (property)', () => {
  it('reads back exactly the dates, accounts, amounts and payees Till planned', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(shopArbitrary({ consistent: false }), { minLength: 1, maxLength: 3 }),
        fc.array(serviceText, { minLength: 1, maxLength: 40 }),
        async (shops, texts) => {
          const entries = hostileEntries(shops, texts)
          const expected = plannedPostings(entries)
          const journal = await ledgerFile(entries)
          expect(keys(await hledgerPostings(journal))).toEqual(expected.hledger)
          expect(keys(await ledgerPostings(journal))).toEqual(expected.ledger)
          const beans = await beancountPostings(await beancountFile(entries))
          expect(keys(beans)).toEqual(expected.beancount)
        },
      ),
      { numRuns: 8 },
    )
  }, 120_000)
})
