import { afterEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import {
  keepStatementLines,
  statementLines,
} from '../../../../src-renderer/deposits/tables/statement-lines'
import {
  keepHandMatch,
  keepMatchingRun,
  keepUnmatch,
  storedMatches,
} from '../../../../src-renderer/deposits/tables/deposit-matches'
import {
  readCsvMapping,
  readDepositSettings,
  saveCsvMapping,
  saveDepositSettings,
} from '../../../../src-renderer/deposits/tables/deposit-settings-store'
import { OWN_RECORD_TABLES } from '../../../../src-renderer/backup/tables/own-record-rows'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { refusedRestore, rowLine, seal, unsealed } from '../../../support/backup/seal'
import { backupOf, bills, closePcs, pc } from '../../../support/backup/pcs'
import { importStatement } from '../../../../src-renderer/deposits/jobs/import-statement'
import { recogniseCsvLayout } from '../../../../src-renderer/deposits/rules/statements/csv-layouts'
import { statementBatches } from '../../../../src-renderer/deposits/tables/statement-batches'
import { fixture } from '../../deposits/rules/statements/fixtures/read-fixture'

/** Bank lines, matches and deposit settings are Till's own records: they travel with a backup. */

afterEach(closePcs)

const line = (id: string, amount: number) => ({
  id,
  date: '2026-11-21',
  amount,
  currency: 'USD',
  text: `SETTLEMENT ${id}`,
})

/** Settings with a rule learnt from a decision and a location's other names. */
const TAUGHT = {
  ...defaultDepositSettings('USD'),
  bankRules: [
    {
      id: 'r1',
      bankAccountId: 'main',
      contains: 'TERMINAL 4411',
      methods: ['card'],
      locationIds: [],
    },
  ],
  locationAliases: { loc1: ['HARBOUR ST'] },
}

async function pcWithDeposits(): Promise<TillDatabase> {
  const db = await pc(bills())
  await saveDepositSettings(db, TAUGHT)
  await saveCsvMapping(db, 'main', {
    delimiter: ';',
    skipRows: 2,
    footerRows: 0,
    date: 'Booked',
    dateFormat: 'DD/MM/YYYY',
    amount: { credit: 'In', debit: 'Out' },
    text: ['Payee', 'Reference'],
    decimalMark: ',',
  })
  await keepStatementLines(db, 'main', [line('F1', 9_800), line('F2', 5_000)], 1)
  await keepMatchingRun(
    db,
    {
      matches: [
        {
          id: 'main|F1',
          bankAccountId: 'main',
          bankLineIds: ['F1'],
          expectedIds: ['card|loc1|2026-11-20'],
          kind: 'within-fee',
          fee: 200,
          shortfall: 0,
        },
      ],
      offers: [],
    },
    2,
  )
  await keepHandMatch(
    db,
    {
      id: 'main|F2',
      bankAccountId: 'main',
      bankLineIds: ['F2'],
      expectedIds: ['cash|loc1|2026-11-20'],
      kind: 'by-hand',
      fee: 0,
      shortfall: 100,
      explained: 'short-cash',
    },
    'Ana',
    3,
  )
  await keepUnmatch(db, 'main|F2', 'Budi', 4)
  return db
}

it('a second PC restored from the backup has the bank lines, the matches as they stand or were unmatched, and the settings', async () => {
  const first = await pcWithDeposits()
  const second = await pc(bills())
  const restored = await restoreRecords(second, await backupOf(first), 'store-1')
  expect(restored.changes.find((c) => c.table === 'statementLines')).toEqual({
    table: 'statementLines',
    added: 2,
    replaced: 0,
  })
  expect(await statementLines(second)).toEqual(await statementLines(first))
  expect(await storedMatches(second)).toEqual(await storedMatches(first))
  expect((await storedMatches(second)).find((m) => m.id === 'main|F2')).toMatchObject({
    state: 'unmatched',
    unmatchedBy: 'Budi',
    explained: 'short-cash',
  })
  expect(await readDepositSettings(second)).toEqual(TAUGHT)
  expect(await readCsvMapping(second, 'main')).toMatchObject({ date: 'Booked' })
})

it('restores a version-4 backup, made before deposits, as having none', async () => {
  const backup = await backupOf(await pc(bills()))
  const v4Tables = OWN_RECORD_TABLES.filter((t) => OWN_RECORD_TABLES.indexOf(t) < 8)
  const [header, ...rows] = unsealed(backup)
  const v4Header = JSON.stringify({ ...JSON.parse(header!), version: 4, tables: v4Tables })
  const second = await pc(bills())
  await restoreRecords(second, seal([v4Header, ...rows], v4Tables), 'store-1')
  expect(await statementLines(second)).toEqual([])
  const error = await refusedRestore(
    second,
    seal(
      [
        v4Header,
        ...rows,
        rowLine('statementLines', { ...line('F9', 1), bankAccountId: 'main', importedAt: 1 }),
      ],
      v4Tables,
    ),
  )
  expect(error.line).toBe(rows.length + 2)
})

it('restores a version-5 backup, its matches kept by line ids alone, each given the account of its lines and the key an export posted it under', async () => {
  const first = await pcWithDeposits()
  const [header, ...rows] = unsealed(await backupOf(first))
  const older = rows.map((text) => {
    const { table, row } = JSON.parse(text) as {
      table: string
      row: { bankLineIds: string[]; bankAccountId?: string }
    }
    if (table !== 'depositMatches') return text
    const { bankAccountId: _account, ...kept } = row
    return rowLine(table, { ...kept, id: row.bankLineIds.join('+') })
  })
  const olderMatches = older.filter((text) => text.includes('"table":"depositMatches"'))
  expect(olderMatches.map((text) => text.includes('"bankAccountId"'))).toEqual([false, false])
  const v5Header = JSON.stringify({ ...JSON.parse(header!), version: 5 })
  const second = await pc(bills())
  await restoreRecords(second, seal([v5Header, ...older]), 'store-1')
  expect(await storedMatches(second)).toEqual(
    (await storedMatches(first)).map((m) => ({
      ...m,
      postingKey: `deposit:${m.bankLineIds[0]}`,
    })),
  )
  // The same rows in a file of this version are refused: a match names its account.
  const error = await refusedRestore(second, seal([header!, ...older]))
  expect(error.message).toMatch(/not a row of depositMatches/)
})

it('refuses a bank line twice for one account, a fractional amount, or settings Till would not save, naming the line', async () => {
  const lines = unsealed(await backupOf(await pcWithDeposits()))
  const at = (text: string) => lines.findIndex((l) => l.includes(text))
  const edited = (index: number, table: string, row: unknown) =>
    seal(lines.map((l, i) => (i === index ? rowLine(table, row) : l)))
  const second = await pc(bills())
  const f2 = at('"text":"SETTLEMENT F2"')
  const stored = { ...line('F1', 9_800), bankAccountId: 'main', importedAt: 1 }

  const twice = await refusedRestore(second, edited(f2, 'statementLines', stored))
  expect(twice.line).toBe(f2 + 1)
  expect(twice.message).toMatch(/a second row of statementLines with bankAccountId and id/)

  const fraction = await refusedRestore(
    second,
    edited(f2, 'statementLines', { ...stored, id: 'F2', amount: 1.5 }),
  )
  expect(fraction.message).toMatch(/not a row of statementLines: amount/)

  const settings = at('"key":"settings"')
  const noAccount = await refusedRestore(
    second,
    edited(settings, 'depositSettings', {
      key: 'settings',
      settings: { ...defaultDepositSettings('USD'), bankAccounts: [] },
    }),
  )
  expect(noAccount.line).toBe(settings + 1)
  expect(noAccount.message).toMatch(/not a row of depositSettings/)

  const ruleElsewhere = await refusedRestore(
    second,
    edited(settings, 'depositSettings', {
      key: 'settings',
      settings: { ...TAUGHT, bankRules: [{ ...TAUGHT.bankRules[0]!, bankAccountId: 'gone' }] },
    }),
  )
  expect(ruleElsewhere.message).toMatch(/not a row of depositSettings/)

  const match = at('"madeBy":"Ana"')
  const unknownReason = await refusedRestore(
    second,
    edited(match, 'depositMatches', {
      ...(JSON.parse(lines[match]!) as { row: object }).row,
      explained: 'lost',
    }),
  )
  expect(unknownReason.message).toMatch(/not a row of depositMatches: explained/)
})

it('restores a backup taken after importing a CAMT batch booking, a 240-character FITID into two accounts, one statement as CSV and as CAMT, and a 3-decimal CSV', async () => {
  const first = await pc(bills())
  const account = (id: string, currency: string) => ({ id, name: id, currency })
  await saveDepositSettings(first, {
    ...defaultDepositSettings('USD'),
    bankAccounts: [
      account('main', 'USD'),
      account('second', 'USD'),
      account('rupiah', 'IDR'),
      account('dinar', 'KWD'),
    ],
  })
  const imported = async (bankAccountId: string, name: string, currency?: string) => {
    const text = fixture(name)
    const csv = currency ? recogniseCsvLayout(text, currency)!.mapping : undefined
    return importStatement(first, { bankAccountId, text, csv, fileName: name }, 'USD', 5)
  }
  await imported('rupiah', 'idr-camt053-batch.xml')
  await imported('main', 'checking-long-fitid.qfx')
  expect(await imported('second', 'checking-long-fitid.qfx')).toMatchObject({ added: 3 })
  await imported('rupiah', 'idr-internet-banking.csv', 'IDR')
  expect(await imported('rupiah', 'idr-camt053.xml')).toMatchObject({ already: 3 })
  expect(await imported('dinar', 'kwd-semicolon.csv', 'KWD')).toMatchObject({ added: 2 })

  const second = await pc(bills())
  await restoreRecords(second, await backupOf(first), 'store-1')
  expect(await statementLines(second)).toEqual(await statementLines(first))
  expect(await statementBatches(second)).toEqual(await statementBatches(first))
  expect((await statementLines(second)).filter((l) => l.id.startsWith('f:'))).toHaveLength(2)
})
