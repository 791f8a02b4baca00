import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { currencyExponent, toMinorUnits } from '../../../../../src-shared/domain/money'
import {
  AccountResolver,
  type AccountMapping,
} from '../../../../../src-renderer/exports/rules/accounts'
import {
  BEANCOUNT_DEFAULTS,
  writeBeancount,
} from '../../../../../src-renderer/exports/rules/formats/beancount'
import { writeLedgerJournal } from '../../../../../src-renderer/exports/rules/formats/ledger'
import { PlainTextAccounts } from '../../../../../src-renderer/exports/rules/formats/plain-text'
import { billEntries, varianceEntries } from '../../../../../src-renderer/exports/rules/journal'
import type { JournalEntry } from '../../../../../src-renderer/exports/rules/journal-entry'
import { collectText, slices } from '../../../../support/exports/collect'
import { perBill, perSession } from '../../../../support/exports/journals'
import { CURRENCIES, shopArbitrary, TIME_ZONE, type Shop } from '../../../../support/exports/shop'
import { journalFolder, toolCsvRows, toolOutput } from '../../../../support/exports/tools'
import { NOTHING_POSTED } from '../../../../support/journal-context'

/**
 * The plain-text journals go through the real tools (Debian's hledger, ledger and beancount):
 * each file must load without error, and each tool's balance per account must be Till's own.
 */

const folder = journalFolder('till-plain-text-')
afterAll(folder.remove)
const file = folder.file

async function tool(command: string, args: string[]): Promise<string> {
  const { stdout, stderr } = await toolOutput(command, args)
  expect(stderr).not.toMatch(/error|warning/i)
  return stdout
}

function shop(currency: string, seed: number): Shop {
  const [generated] = fc.sample(shopArbitrary({ consistent: false, currency }), {
    seed,
    numRuns: 1,
  })
  if (!generated) throw new Error('no shop')
  return generated
}

/** A bookkeeper's mapping with awkward names: sub-accounts, non-ASCII, two that fold alike. */
const MAPPING: AccountMapping = {
  accounts: {
    'clearing:card': { code: '1010', name: 'Bank: Kartu Kredit/Débit' },
    'tax-payable:VAT': { code: '2110', name: 'PPN Keluaran (11%)' },
    'tax-payable:PB1 10%': { code: '2110', name: 'PPN Keluaran [11%]' },
  },
  locations: { loc2: { sales: { code: '4001', name: 'Penjualan: Cabang "Dua"' } } },
}

/** A shop's entries both ways, with cash counts, under the awkward mapping. */
function entriesOf(s: Shop): JournalEntry[] {
  const mapped = billEntries(s.bills, {
    accounts: new AccountResolver(MAPPING),
    timeZone: TIME_ZONE,
    posted: NOTHING_POSTED,
  }).entries.map((e) => ({ ...e, id: `mapped/${e.id}` }))
  const variances = varianceEntries(
    s.sessions.map((session, i) => ({
      registerSessionId: session.id,
      // A label as sessionLabel writes it: middle dots, an en dash, a clock's colon.
      session: `Fri 20 Nov · Location ${session.locationId} · 08:10–close not recorded`,
      locationId: session.locationId,
      businessDate: session.businessDate,
      currency: s.currency,
      cashVariance: (i % 3) - 1,
      countedBy: 'Ana',
      note: '',
    })),
    { accounts: new AccountResolver(MAPPING), timeZone: TIME_ZONE, posted: NOTHING_POSTED },
  )
  const summaries = perSession(s).entries.map((e) => ({ ...e, id: `summary/${e.id}` }))
  return [...perBill(s).entries, ...summaries, ...mapped, ...variances]
}

/** Till's own balance per plain-text account name and commodity, zeros left out. */
function tillBalances(entries: readonly JournalEntry[]): Map<string, number> {
  const names = new PlainTextAccounts()
  const balances = new Map<string, number>()
  for (const entry of entries)
    for (const line of entry.lines) {
      const key = `${names.name(line.account).name}|${entry.currency}`
      balances.set(key, (balances.get(key) ?? 0) + line.amount)
    }
  for (const [key, value] of balances) if (value === 0) balances.delete(key)
  return balances
}

/** Balances as a tool reported them: `account|commodity` → minor units, zeros left out. */
function reported(rows: [string, string, string][]): Map<string, number> {
  const out = new Map<string, number>()
  for (const [account, commodity, amount] of rows) {
    const minor = toMinorUnits(amount.trim(), currencyExponent(commodity.trim()))
    if (minor !== 0) out.set(`${account.trim()}|${commodity.trim()}`, minor)
  }
  return out
}

function sorted(map: Map<string, number>): [string, number][] {
  return [...map].sort(([a], [b]) => (a < b ? -1 : 1))
}

async function hledgerBalances(path: string): Promise<Map<string, number>> {
  await tool('hledger', ['-f', path, 'check', '--strict'])
  const csv = await tool('hledger', ['-f', path, 'balance', '-O', 'csv', '-N', '--layout=bare'])
  return reported(toolCsvRows(csv).map(([a = '', c = '', b = '']) => [a, c, b]))
}

/** ledger's flat balance of an account includes its sub-accounts: compare like with like. */
async function ledgerBalances(path: string): Promise<Map<string, number>> {
  const out = await tool('ledger', [
    '--strict',
    '-f',
    path,
    'balance',
    '--flat',
    '--no-total',
    '--format',
    '%(account)\t%(commodity(scrub(display_total)))\t%(quantity(scrub(display_total)))\n',
  ])
  const rows = out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t') as [string, string, string])
  return reported(rows)
}

function inclusive(balances: Map<string, number>, accounts: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>()
  for (const key of accounts) {
    const [account = '', commodity = ''] = key.split('|')
    let sum = 0
    for (const [other, value] of balances) {
      const [name = '', c = ''] = other.split('|')
      if (c === commodity && (name === account || name.startsWith(`${account}:`))) sum += value
    }
    if (sum !== 0) out.set(key, sum)
  }
  return out
}

async function beancountBalances(path: string): Promise<Map<string, number>> {
  const check = await toolOutput('bean-check', [path])
  expect(check.stdout + check.stderr).toBe('')
  const csv = await tool('bean-query', [
    '-f',
    'csv',
    path,
    // str() gives the exact Decimal; the rendered number column rounds to a shared precision.
    'SELECT account, currency, str(sum(number)) AS total GROUP BY account, currency',
  ])
  return reported(
    toolCsvRows(csv).map(([a = '', c = '', b = '']) => [
      a,
      c,
      /^\s*Decimal\('(.*)'\)\s*$/.exec(b)?.[1] ?? b,
    ]),
  )
}

describe('plain-text journals in the real tools', () => {
  for (const currency of CURRENCIES)
    it(`load in hledger, ledger and beancount with Till's balances (${currency})`, async () => {
      const entries = [11, 12, 13].flatMap((seed) =>
        entriesOf(shop(currency, seed)).map((e) => ({ ...e, id: `${seed}/${e.id}` })),
      )
      const expected = tillBalances(entries)
      expect(expected.size).toBeGreaterThan(5)
      const journal = file('journal', await collectText(writeLedgerJournal(slices(entries, 7))))
      const beancount = file(
        'beancount',
        await collectText(writeBeancount(slices(entries, 7), BEANCOUNT_DEFAULTS)),
      )
      expect(sorted(await hledgerBalances(journal))).toEqual(sorted(expected))
      const fromLedger = await ledgerBalances(journal)
      expect(sorted(fromLedger)).toEqual(sorted(inclusive(expected, fromLedger.keys())))
      expect(sorted(await beancountBalances(beancount))).toEqual(sorted(expected))
    })

  it('keep several currencies apart in one file', async () => {
    const entries = CURRENCIES.flatMap((currency, i) =>
      perBill(shop(currency, 20 + i)).entries.map((e) => ({ ...e, id: `${currency}/${e.id}` })),
    )
    const expected = tillBalances(entries)
    const journal = file('journal', await collectText(writeLedgerJournal([entries])))
    const beancount = file(
      'beancount',
      await collectText(writeBeancount([entries], BEANCOUNT_DEFAULTS)),
    )
    expect(sorted(await hledgerBalances(journal))).toEqual(sorted(expected))
    await tool('ledger', ['--strict', '-f', journal, 'balance'])
    expect(sorted(await beancountBalances(beancount))).toEqual(sorted(expected))
  })

  it('load as a ledger of several batch files', async () => {
    const entries = perBill(shop('USD', 30)).entries
    const half = Math.ceil(entries.length / 2)
    const [first, second] = [entries.slice(0, half), entries.slice(half)]
    const journals = [
      file('journal', await collectText(writeLedgerJournal([first]))),
      file('journal', await collectText(writeLedgerJournal([second]))),
    ]
    const main = file('journal', journals.map((j) => `include ${j}\n`).join(''))
    expect(sorted(await hledgerBalances(main))).toEqual(sorted(tillBalances(entries)))
    await tool('ledger', ['--strict', '-f', main, 'balance'])
    // Beancount refuses a second `open`: later batches leave them out and use opened accounts.
    const again = entries.map((e) => ({ ...e, id: `again/${e.id}` }))
    const beans = [
      file('beancount', await collectText(writeBeancount([entries], BEANCOUNT_DEFAULTS))),
      file(
        'beancount',
        await collectText(writeBeancount([again], { ...BEANCOUNT_DEFAULTS, openAccounts: false })),
      ),
    ]
    const beanMain = file('beancount', beans.map((b) => `include "${b}"\n`).join(''))
    expect(sorted(await beancountBalances(beanMain))).toEqual(
      sorted(tillBalances([...entries, ...again])),
    )
  })
})
