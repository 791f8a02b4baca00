import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { savedProfiles } from '../support/browser-shell'
import { demoControl, type DemoControl } from '../support/demo-control'
import {
  readServiceTruth,
  type ServiceAccess,
  type ServiceTruth,
  type TruthBill,
} from '../support/service-truth'
import { cachedRecords } from './cache-read'
import { readableDate, useDemoShell, zoneAtHour, openSynced } from './demo-shell'
import {
  beancountBalances,
  booksFolder,
  entryIds,
  hledgerBalances,
  hledgerStrict,
  ledgerStrict,
  transactionDates,
  type Books,
} from './week-books'

/**
 * A bookkeeper's week, end to end in Chromium with the demo shop (docs/ledger.md#entry-dates,
 * docs/export-log.md): in hledger/ledger and in beancount, per bill and per session summary,
 * every day exported on its own to one destination and the whole week at once to another.
 * Between the daily exports, a late payment and a refund of earlier days' sales are taken in the
 * last day's register session while it still trades, an expense of a day already exported is
 * corrected (that day exported again posts only the correction, dated the first open day where
 * the books are locked through it), another is corrected after the last day's export, and the
 * session closes. Each destination's files, included by one main
 * file, pass hledger --strict, ledger --strict and bean-check; the daily files hold the weekly
 * file's balance on every account; nothing of the open session is posted before it closes, and
 * the first export after it posts it; and every week's clearing and tax accounts hold what the
 * demo service's own records add up to.
 */

const APP_KEY = 'demo_key_export_week_e2e_6021'
const CONTROL_TOKEN = 'demo_control_export_week_e2e_7193'

const shell = useDemoShell({
  seed: 11,
  // Evening there now, an hour or more before midnight (so the day cannot turn while the demo
  // starts): the week's first six days have closed, and the seventh has closed shifts and a last
  // one still trading (the shop closes 00:15–02:15), whatever the hour the test runs.
  timezone: zoneAtHour(22),
  // Six days of history and the day of now: a week of business days.
  days: 6,
  locations: 1,
  billsPerSession: 6,
  live: false,
  appKey: APP_KEY,
  controlToken: CONTROL_TOKEN,
})

function access(): ServiceAccess {
  const demo = savedProfiles(shell()).find((p) => p.id === 'demo-shop')!
  return {
    baseUrl: demo.baseUrl,
    storeId: demo.storeId,
    appKey: APP_KEY,
    controlToken: CONTROL_TOKEN,
  }
}

function control(): DemoControl {
  return demoControl(access().baseUrl, CONTROL_TOKEN)
}

interface Destination {
  name: string
  format: 'ledger' | 'beancount'
  perSession: boolean
  books: Books
  files: string[]
}

/** The default chart's clearing account of each payment method (docs/ledger.md#accounts). */
const CLEARING: Record<string, string> = {
  cash: 'Assets:Cash-clearing',
  card: 'Assets:Card-clearing',
  qris: 'Assets:QRIS-clearing',
  bank_transfer: 'Assets:Bank-transfer-clearing',
  e_wallet: 'Assets:E-wallet-clearing',
}

const FORMAT_LABEL = { ledger: 'Journal, hledger/ledger', beancount: 'Journal, beancount' }

/** A daily and a weekly destination of one format and granularity, their files kept apart. */
const PAIRS = (['ledger', 'beancount'] as const).flatMap((format) =>
  [false, true].map((perSession) => {
    const kind = `${format === 'ledger' ? 'hledger' : 'beancount'} ${perSession ? 'per session' : 'per bill'}`
    const destination = (name: string): Destination => ({
      name,
      format,
      perSession,
      books: booksFolder(format),
      files: [],
    })
    return { daily: destination(`Daily ${kind}`), weekly: destination(`Weekly ${kind}`) }
  }),
)
const DAILY = PAIRS.map((p) => p.daily)
const WEEKLY = PAIRS.map((p) => p.weekly)

test.afterAll(() => {
  for (const d of [...DAILY, ...WEEKLY]) d.books.remove()
})

async function addDestination(page: Page, d: Destination): Promise<void> {
  const destinations = page.getByRole('region', { name: 'Destinations' })
  await destinations.getByLabel('Destination name').fill(d.name)
  await destinations.getByLabel('Destination format').selectOption(d.format)
  await destinations.getByRole('button', { name: 'Add destination' }).click()
  await expect(destinations.getByRole('status')).toContainText(`Added ${d.name}`)
}

async function choose(page: Page, d: Destination): Promise<void> {
  await page.getByLabel('Format').selectOption({ label: `${d.name} (${FORMAT_LABEL[d.format]})` })
  const granularity = page.getByLabel(d.perSession ? 'Per session summary' : 'Per bill')
  // A destination that has posted nothing takes its granularity at once.
  if (!(await granularity.isChecked())) await granularity.check()
  await expect(granularity).toBeChecked()
}

/** Exports the range to the chosen destination and keeps the file it downloads; its text. */
async function exportRange(page: Page, d: Destination, from: string, to: string) {
  await page.getByLabel('From', { exact: true }).fill(from)
  await page.getByLabel('To', { exact: true }).fill(to)
  const downloading = page.waitForEvent('download', { timeout: 120_000 })
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const text = await readFile((await (await downloading).path())!, 'utf8')
  d.files.push(d.books.save(text))
  return text
}

/** Whether every one of these records is in the cache and passes its test. */
async function cacheHas(
  page: Page,
  wanted: [store: string, key: string, test: (record: Record<string, unknown>) => boolean][],
): Promise<boolean> {
  const records = await cachedRecords(
    page,
    wanted.map(([store, key]) => [store, key]),
  )
  return wanted.every(([, , passes], i) => records[i] !== undefined && passes(records[i]!))
}

/** The business date of each of the demo's sessions, as Till dated them, once it has them all. */
async function businessDates(page: Page, truth: ServiceTruth): Promise<Map<string, string>> {
  const reads = truth.sessions.map((s): [string, string] => ['sessions', s.id])
  let records: (Record<string, unknown> | undefined)[] = []
  await expect
    .poll(async () => (records = await cachedRecords(page, reads)).every(Boolean), {
      timeout: 60_000,
    })
    .toBe(true)
  return new Map(truth.sessions.map((s, i) => [s.id, String(records[i]!['businessDate'])]))
}

/**
 * What the week's clearing accounts hold by payment method, its bank account and its taxes, from
 * the demo's own records: every payment not reversed less the money refunds and voids paid back
 * and the expenses paid in cash; expenses paid any other way come out of the bank account
 * (docs/ledger.md#expense-entries); the sales' taxes less those given back.
 */
function expectedFromRecords(truth: ServiceTruth): {
  clearing: Map<string, number>
  bank: number
  tax: number
} {
  const clearing = new Map<string, number>()
  const add = (method: string, amount: number) =>
    clearing.set(method, (clearing.get(method) ?? 0) + amount)
  let tax = 0
  let bank = 0
  for (const bill of truth.bills) {
    const sign = bill.type === 'sale' ? 1 : -1
    tax += sign * bill.total_tax
    for (const payment of bill.payments)
      if (payment.reversed_at === null) add(payment.method, sign * payment.amount)
  }
  for (const expense of truth.expenses)
    if (expense.payment_method === 'cash') add('cash', -expense.amount)
    else bank -= expense.amount
  return { clearing, bank, tax }
}

/** What the week's bank accounts (not the bank-transfer clearing account) hold together. */
const bankBalance = (week: Map<string, number>): number =>
  [...week]
    .filter(([account]) => account.startsWith('Assets:Bank') && !account.endsWith('-clearing'))
    .reduce((sum, [, amount]) => sum + amount, 0)

test('a week exported day by day holds what the week exported at once holds, and the open session waits for its close', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000)
  await openSynced(page, shell())
  const before = await readServiceTruth(access())
  const dayOf = await businessDates(page, before)
  const days = [...new Set(dayOf.values())].sort()
  expect(days).toHaveLength(7)
  const lastDay = days[6]!
  const open = before.sessions.find((s) => s.closed_at === null)!
  expect(dayOf.get(open.id)).toBe(lastDay)
  expect(before.sessions.filter((s) => dayOf.get(s.id) === lastDay).length).toBeGreaterThan(1)

  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Destinations', exact: true }).click()
  for (const d of [...DAILY, ...WEEKLY]) await addDestination(page, d)
  await page.getByRole('link', { name: 'Exports', exact: true }).click()

  // The first six days, one export a day to each daily destination: each file holds its day only.
  for (const d of DAILY) {
    await choose(page, d)
    for (const day of days.slice(0, 6)) {
      const text = await exportRange(page, d, day, day)
      expect(new Set(transactionDates(text))).toEqual(new Set([day]))
      expect(
        entryIds(text).some((id) => id.startsWith('session:')),
        d.name,
      ).toBe(d.perSession)
    }
  }

  // In the last day's open session: a late payment on an earlier day's sale, and a refund of
  // another's. Beside it, an expense of no session, paid by bank transfer.
  const earlier = (bill: TruthBill) =>
    bill.type === 'sale' && dayOf.get(bill.register_session_id!)! < lastDay
  const refunded = new Set(before.bills.map((b) => b.parent_bill_id))
  const unpaid = before.bills.find((b) => earlier(b) && b.amount_due > 0 && !refunded.has(b.id))
  if (!unpaid) throw new Error('No earlier day has a sale not paid in full')
  const refundable = before.bills.find(
    (b) => earlier(b) && b.status === 'paid' && !refunded.has(b.id) && b.id !== unpaid.id,
  )!
  type InSession = { id: string; register_session_id: string }
  const { payment: late } = await control()<{ payment: InSession }>(
    'POST',
    `/bills/${unpaid.id}/payments`,
    {},
  )
  const { bill: refund } = await control()<{ bill: InSession }>(
    'POST',
    `/bills/${refundable.id}/refund`,
    {},
  )
  expect([late.register_session_id, refund.register_session_id]).toEqual([open.id, open.id])
  const expense = await control()<{ id: string; register_session_id: string | null }>(
    'POST',
    '/expenses',
    {
      in_session: false,
      category: 'Repairs',
      description: 'Grinder service',
      amount: '350000',
      tax_amount: '0',
      payment_method: 'bank_transfer',
    },
  )
  expect(expense.register_session_id).toBeNull()
  // And an expense of the third day, exported already, is corrected.
  const corrected = before.expenses.find((e) => e.expense_date === days[2])
  if (!corrected) throw new Error(`The demo shop has no expense on ${days[2]}`)
  const correctedAmount = corrected.amount + 12_000
  await control()('PATCH', `/expenses/${corrected.id}`, { amount: String(correctedAmount) })
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(
      () =>
        cacheHas(page, [
          // The late payment is on its bill, found among the open session's payments.
          [
            'bills',
            unpaid.id,
            (bill) => (bill['payments'] as { id: string }[]).some((p) => p.id === late.id),
          ],
          [
            'billPaymentIndex',
            unpaid.id,
            (entry) => (entry['paidInSessions'] as string[]).includes(open.id),
          ],
          ['bills', refund.id, (bill) => bill['hasDetail'] === true],
          ['expenses', expense.id, (e) => e['amount'] === 350_000],
          ['expenses', corrected.id, (e) => e['amount'] === correctedAmount],
        ]),
      { timeout: 60_000 },
    )
    .toBe(true)

  // Exporting that day again posts only the correction, dated that day: the entry the books hold
  // reversed, and the corrected one. The first daily destination is locked through that day, as
  // Xero's books would be: there the correction is dated the first open day.
  const locked = DAILY[0]!
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Destinations', exact: true }).click()
  const destinations = page.getByRole('region', { name: 'Destinations' })
  await destinations.getByLabel(`Lock date of ${locked.name}`).fill(days[2]!)
  await destinations.getByRole('button', { name: `Lock ${locked.name}` }).click()
  await expect(destinations.getByRole('status')).toContainText(
    `locked through ${readableDate(days[2]!)}`,
  )
  await page.getByRole('link', { name: 'Exports', exact: true }).click()
  for (const d of DAILY) {
    await choose(page, d)
    const text = await exportRange(page, d, days[2]!, days[2]!)
    expect(new Set(transactionDates(text))).toEqual(new Set([d === locked ? days[3] : days[2]]))
    expect(entryIds(text)).toEqual([
      `expense:${corrected.id}:reversal`,
      `expense:${corrected.id}:adj:1`,
    ])
  }

  // The last day while its session still trades: the screen names the session held back, and
  // the file holds the day's closed shifts and the expense, nothing of the open session.
  for (const d of DAILY) {
    await choose(page, d)
    await page.getByLabel('From', { exact: true }).fill(lastDay)
    await page.getByLabel('To', { exact: true }).fill(lastDay)
    await expect(page.getByRole('note', { name: 'Sessions still open' })).toContainText(
      'still open:',
    )
    const text = await exportRange(page, d, lastDay, lastDay)
    expect(new Set(transactionDates(text))).toEqual(new Set([lastDay]))
    expect(text).not.toContain(open.id)
    expect(text).not.toContain(refund.id)
    expect(text).not.toContain(late.id)
    expect(entryIds(text)).toContain(`expense:${expense.id}`)
  }

  // The expense is corrected after its export; then the register closes.
  await control()('PATCH', `/expenses/${expense.id}`, { amount: '420000' })
  await control()('POST', `/sessions/${open.id}/close`, {})
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(
      () =>
        cacheHas(page, [
          ['sessions', open.id, (s) => s['closedAt'] !== null],
          ['expenses', expense.id, (e) => e['amount'] === 420_000],
        ]),
      { timeout: 60_000 },
    )
    .toBe(true)

  // The first export after the close posts the session, dated its own day, with the late
  // payment, the refund, and the expense's reversal and new entry.
  for (const d of DAILY) {
    await choose(page, d)
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(lastDay)
    await expect(page.getByRole('note', { name: 'Sessions still open' })).toHaveCount(0)
    const text = await exportRange(page, d, lastDay, lastDay)
    expect(new Set(transactionDates(text))).toEqual(new Set([lastDay]))
    const ids = entryIds(text)
    expect(ids).toEqual(
      expect.arrayContaining([`expense:${expense.id}:reversal`, `expense:${expense.id}:adj:1`]),
    )
    if (d.perSession) expect(ids).toContain(`session:${open.id}`)
    else expect(ids).toEqual(expect.arrayContaining([refund.id, `payment:${late.id}`]))
  }

  // The whole week at once to each weekly destination.
  for (const d of WEEKLY) {
    await choose(page, d)
    const text = await exportRange(page, d, days[0]!, lastDay)
    expect(new Set(transactionDates(text))).toEqual(new Set(days))
    expect(
      entryIds(text).some((id) => id.startsWith('session:')),
      d.name,
    ).toBe(d.perSession)
  }

  // No entry twice, in the daily files together.
  for (const d of DAILY) {
    const ids = (await Promise.all(d.files.map((f) => readFile(f, 'utf8')))).flatMap(entryIds)
    expect(ids.length).toBe(new Set(ids).size)
  }

  // The real tools, on every file of a destination included by one main file: the daily files
  // hold the weekly file's balance on every account.
  const weeks: Map<string, number>[] = []
  for (const { daily, weekly } of PAIRS) {
    const dailyMain = daily.books.main(daily.files)
    const weeklyMain = weekly.books.main(weekly.files)
    if (daily.format === 'ledger') {
      for (const file of [...daily.files, dailyMain, weeklyMain]) await hledgerStrict(file)
      expect(await ledgerStrict(dailyMain), daily.name).toBe(await ledgerStrict(weeklyMain))
    }
    const balances = daily.format === 'ledger' ? hledgerBalances : beancountBalances
    const week = await balances(weeklyMain)
    expect(await balances(dailyMain), daily.name).toEqual(week)
    weeks.push(week)
  }

  // Independently: the demo service's own records, every one of them in this week. Per bill and
  // per session summary, each clearing account holds its method's takings less what was paid out
  // of it in cash, and the bank account what was paid from it.
  const after = await readServiceTruth(access())
  expect(after.sessions.every((s) => days.includes(dayOf.get(s.id)!))).toBe(true)
  expect(after.expenses.every((e) => days.includes(e.expense_date))).toBe(true)
  const expected = expectedFromRecords(after)
  for (const week of weeks) {
    for (const [method, amount] of expected.clearing)
      expect(week.get(CLEARING[method]!), method).toBe(amount)
    expect(bankBalance(week), 'bank').toBe(expected.bank)
    const taxes = [...week].filter(([account]) => account.startsWith('Liabilities:Tax-payable:'))
    expect(taxes.length).toBeGreaterThan(0)
    expect(taxes.reduce((sum, [, amount]) => sum + amount, 0)).toBe(-expected.tax)
    expect(week).toEqual(weeks[0])
  }
})
