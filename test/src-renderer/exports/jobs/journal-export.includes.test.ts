import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { putCachedBills } from '../../../support/cached-bills'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { JournalBill } from '../../../../src-renderer/exports/rules/journal'
import {
  recreateBatch,
  runExport,
  type ExportWhat,
} from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { payment, sale, T0 } from '../../../support/exports/fixtures'
import { journalFolder, toolOutput } from '../../../support/exports/tools'
import { EMPTY_MAPPING } from '../../../support/journal-context'
import { makeSession } from '../../../support/session-factory'

/**
 * A week of daily exports to one destination, then one more after a payment method (a new
 * account) appears: a main file that includes every one of them passes the real tools, as a
 * bookkeeper keeps them (docs/export-log.md, README's export section).
 */

const DAY = 86_400_000
const folder = journalFolder('till-includes-')
afterAll(() => folder.remove())

let db: TillDatabase | undefined
afterEach(() => db?.close())

function dateOf(day: number): string {
  return new Date(T0 + day * DAY).toISOString().slice(0, 10)
}

/** Day `day`'s session with one sale, paid by `methods` (cash and card split the total). */
async function trade(database: TillDatabase, day: number, methods: string[]): Promise<void> {
  const session = `s${day}`
  const at = T0 + day * DAY
  const total = 1685
  const share = Math.floor(total / methods.length)
  const bill: JournalBill = sale({
    id: `b${day}`,
    number: `${1000 + day}`,
    registerSessionId: session,
    businessDate: dateOf(day),
    createdAt: at,
    updatedAt: at,
    amountPaid: total,
    amountDue: 0,
    payments: methods.map((method, i) =>
      payment(`p${day}-${i}`, method, i === 0 ? total - share * (methods.length - 1) : share, {
        registerSessionId: session,
        createdAt: at,
      }),
    ),
  })
  await putCachedBills(database, [bill])
  await database.sessions.put(makeSession({ id: session, businessDate: dateOf(day) }))
}

async function exportDay(database: TillDatabase, what: ExportWhat, day: number) {
  let minute = 0
  const generator = runExport({
    db: database,
    what,
    range: { from: dateOf(day), to: dateOf(day), locationId: '' },
    mapping: EMPTY_MAPPING,
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
    now: () => new Date(T0 + day * DAY + 20 * 3_600_000 + minute++ * 60_000),
  })
  let text = ''
  for (;;) {
    const next = await generator.next()
    if (next.done) {
      if (!next.value.batch) throw new Error(`day ${day} exported nothing`)
      return { text, batchId: next.value.batch.id }
    }
    text += next.value.text
  }
}

/** Seven daily exports (card payments from the fourth day on), then an eighth with QRIS. */
async function week(what: ExportWhat) {
  db = new TillDatabase(`till-includes-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const files: { text: string; batchId: string }[] = []
  for (let day = 0; day < 7; day += 1) {
    await trade(db, day, day < 3 ? ['cash'] : ['cash', 'card'])
    files.push(await exportDay(db, what, day))
  }
  await trade(db, 7, ['qris', 'cash'])
  files.push(await exportDay(db, what, 7))
  return { database: db, files }
}

/** The Income:Sales total bean-query reads from a file, in cents. */
async function beancountSales(path: string): Promise<number> {
  const { stdout } = await toolOutput('bean-query', [
    '-f',
    'csv',
    path,
    "SELECT str(sum(number)) AS total WHERE account = 'Income:Sales'",
  ])
  const total = /Decimal\('(-?[\d.]+)'\)|(-?\d+\.\d+)/.exec(stdout)
  return Math.round(Number(total?.[1] ?? total?.[2]) * 100)
}

function mainFile(extension: string, include: (path: string) => string, texts: string[]): string {
  const paths = texts.map((text) => folder.file(extension, text))
  return folder.file(extension, paths.map(include).join('\n') + '\n')
}

describe('every export to a destination includes beside the earlier ones', () => {
  it('beancount: eight files in one main file pass bean-check, each account opened once', async () => {
    const { database, files } = await week('beancount')
    const texts = files.map((f) => f.text)
    const opens = texts.flatMap((t) => [...t.matchAll(/^\S+ open (\S+)$/gm)].map((m) => m[1]))
    expect(opens.length).toBe(new Set(opens).size)
    expect(opens).toEqual(expect.arrayContaining(['Assets:Card-clearing', 'Assets:QRIS-clearing']))

    const main = mainFile('beancount', (path) => `include ${JSON.stringify(path)}`, texts)
    const check = await toolOutput('bean-check', [main])
    expect(check.stdout + check.stderr).toBe('')
    // The main file holds the whole week: the sales of all eight days.
    expect(await beancountSales(main)).toBe(
      8 * (await beancountSales(folder.file('beancount', texts[0]!))),
    )

    // Download again writes each batch as it was, opens and all.
    for (const { text, batchId } of [files[0]!, files[4]!, files[7]!])
      expect(await collectText(recreateBatch(database, batchId))).toBe(text)
  })

  it('beancount: a batch from before Till kept its opens is read back for them', async () => {
    db = new TillDatabase(`till-includes-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    await trade(db, 0, ['cash'])
    const first = await exportDay(db, 'beancount', 0)
    // As an older Till stored it: no list of what it opened.
    await db.exportBatches.update(first.batchId, { accountsOpened: undefined })
    await trade(db, 1, ['cash', 'card'])
    const second = await exportDay(db, 'beancount', 1)
    expect([...second.text.matchAll(/ open (\S+)$/gm)].map((m) => m[1])).toEqual([
      'Assets:Card-clearing',
    ])
    const main = mainFile('beancount', (path) => `include ${JSON.stringify(path)}`, [
      first.text,
      second.text,
    ])
    const check = await toolOutput('bean-check', [main])
    expect(check.stdout + check.stderr).toBe('')
  })

  it('hledger and ledger: eight files in one main file pass hledger check --strict and ledger --strict', async () => {
    const { files } = await week('ledger')
    const main = mainFile(
      'journal',
      (path) => `include ${path}`,
      files.map((f) => f.text),
    )
    const hledger = await toolOutput('hledger', ['-f', main, 'check', '--strict'])
    expect(hledger.stderr).toBe('')
    const ledger = await toolOutput('ledger', ['--strict', '-f', main, 'balance'])
    expect(ledger.stderr).toBe('')
    expect(ledger.stdout).toMatch(/QRIS-clearing/)
    expect(ledger.stdout).toMatch(/-120\.00 USD {4}Sales/)
  })
})
