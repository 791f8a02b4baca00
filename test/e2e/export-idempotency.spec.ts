import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { useDemoShell, zoneAtHour, openSynced, shopControl } from './demo-shell'
import { goToAddress } from './addresses'
import type { DemoControl } from '../support/demo-control'
import { parseCsvFile } from './csv-file'
import { cachedRecords } from './cache-read'

/**
 * docs/export-log.md, end to end in Chromium with the demo shop: exports are append-only and
 * idempotent. Export a day's journal, export it again (nothing new, no file), refund a sale and
 * correct an expense through the demo service's control, let Till sync, export again (the refund's
 * entry, and a reversal plus the new entry for the corrected expense, nothing else), then re-create
 * the first file byte for byte.
 */

const APP_KEY = 'demo_key_export_idempotency_e2e_3141'
const CONTROL_TOKEN = 'demo_control_export_idempotency_e2e_2718'

const shell = useDemoShell({
  seed: 23,
  days: 1,
  locations: 1,
  billsPerSession: 10,
  currency: 'USD',
  // About noon there now, so today's register session opened today.
  timezone: zoneAtHour(12),
  live: false,
  appKey: APP_KEY,
  controlToken: CONTROL_TOKEN,
})

/** The demo shop's control API. */
const control = (): DemoControl => shopControl(shell(), CONTROL_TOKEN)

type JournalRow = Record<string, string>

const entryIds = (rows: JournalRow[]): string[] => [...new Set(rows.map((r) => r.entry_id!))]

/** Each line of an entry as account and signed amount in minor units, sorted. */
function lines(rows: JournalRow[], entryId: string): [string, number][] {
  const cents = (v: string | undefined): number => Math.round(Number(v || '0') * 100)
  return rows
    .filter((r) => r.entry_id === entryId)
    .map((r): [string, number] => [r.account_code!, cents(r.debit) - cents(r.credit)])
    .sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1])
}

async function exportJournal(page: Page): Promise<Buffer> {
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  return readFile((await (await downloading).path())!)
}

/** Whether the cache holds a bill with its detail and an expense of the given amount. */
async function cacheHolds(page: Page, billId: string, expenseId: string, amount: number) {
  const [bill, expense] = await cachedRecords(page, [
    ['bills', billId],
    ['expenses', expenseId],
  ])
  return bill?.hasDetail === true && expense?.amount === amount
}

test('re-exports add only what changed, as new entries and reversals, and a past file comes back byte for byte', async ({
  page,
}) => {
  type Sale = { id: string; number: string; register_session_id: string }
  type Expense = { id: string; amount: number; expense_date: string }
  await openSynced(page, shell())
  const [sale] = (await control()<{ data: Sale[] }>('POST', '/sales', { count: 1 })).data as [Sale]
  const expense = await control()<Expense>('POST', '/expenses', {
    in_session: true,
    category: 'Supplies',
    description: 'Paper rolls',
    amount: '12.50',
    tax_amount: '0',
    payment_method: 'cash',
  })
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(() => cacheHolds(page, sale.id, expense.id, 1250), { timeout: 60_000 })
    .toBe(true)

  await page.getByRole('link', { name: 'Exports' }).click()
  await page.getByLabel('Format').selectOption('journal-csv')
  // The sale's session is still trading (it is about noon in the shop's zone): the form's range
  // ends before its day, and the bookkeeper includes it after the warning.
  await expect(page.getByLabel('To')).not.toHaveValue('')
  await expect(page.getByLabel('To')).not.toHaveValue(expense.expense_date)
  await page.getByLabel('From').fill(expense.expense_date)
  await page.getByLabel('To').fill(expense.expense_date)
  await expect(page.getByRole('note', { name: 'Sessions still open' })).toContainText('still open:')
  await page.getByRole('checkbox', { name: /^Include them anyway/ }).check()

  const first = await exportJournal(page)
  const firstRows = parseCsvFile(first)
  const firstIds = entryIds(firstRows)
  expect(firstIds).toContain(sale.id)
  expect(firstIds).toContain(`expense:${expense.id}`)
  const log = page.getByRole('table', { name: 'Export log' })
  await expect(log.getByRole('row')).toHaveCount(2)

  // Nothing changed: no file at all, the screen says so, the log is unchanged.
  let downloads = 0
  page.on('download', () => downloads++)
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await expect(page.getByText(/^Nothing new to export/)).toBeVisible()
  await expect(log.getByRole('row')).toHaveCount(2)
  expect(downloads).toBe(0)
  page.removeAllListeners('download')

  const refund = (await control()<{ bill: { id: string } }>('POST', `/bills/${sale.id}/refund`, {}))
    .bill
  await control()('PATCH', `/expenses/${expense.id}`, { amount: '14.00' })
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(() => cacheHolds(page, refund.id, expense.id, 1400), { timeout: 60_000 })
    .toBe(true)

  const third = parseCsvFile(await exportJournal(page))
  // The refund is a bill of its own: one new entry, the sale's amounts with sides swapped; the
  // sale's exported entry stands. The corrected expense: its old entry reversed, the new posted.
  expect(entryIds(third)).toEqual([
    refund.id,
    `expense:${expense.id}:reversal`,
    `expense:${expense.id}:adj:1`,
  ])
  const negated = lines(firstRows, `expense:${expense.id}`)
    .map(([account, amount]): [string, number] => [account, -amount])
    .sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1])
  expect(lines(third, `expense:${expense.id}:reversal`)).toEqual(negated)
  expect(
    lines(third, `expense:${expense.id}:adj:1`).reduce((sum, [, a]) => sum + Math.max(a, 0), 0),
  ).toBe(1400)
  await expect(log.getByRole('row')).toHaveCount(3)

  // The first batch again: the same bytes as its first download.
  const again = page.waitForEvent('download')
  await log.getByRole('row').last().getByRole('button', { name: 'Download again' }).click()
  expect(await readFile((await (await again).path())!)).toEqual(first)

  // The sale's panel says where it went: the first export, as the original entry.
  await goToAddress(page, 'sessions', sale.register_session_id)
  const bills = page.getByRole('table', { name: /^Bills of session / })
  await bills.getByRole('button', { name: sale.number, exact: true }).click()
  const exports = page
    .getByRole('dialog', { name: `Bill ${sale.number}` })
    .getByRole('table', { name: 'Exports of this bill' })
  await expect(exports.getByRole('row')).toHaveCount(2)
  await expect(exports.getByRole('row').nth(1)).toContainText(sale.id)
  await expect(exports.getByRole('row').nth(1)).toContainText('original')
  await expect(exports.getByRole('row').nth(1)).toContainText(
    `till-generic-csv-journal-${expense.expense_date}-batch-1.csv`,
  )
})
