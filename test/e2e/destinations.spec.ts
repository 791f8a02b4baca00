import { readFile } from 'node:fs/promises'
import { expect, test, type Download, type Page } from '@playwright/test'
import type { DemoControl } from '../support/demo-control'
import { cachedRecords } from './cache-read'
import { parseCsvFile } from './csv-file'
import {
  readableDate,
  useDemoShell,
  yesterdayMiddayInJakarta,
  openSynced,
  shopControl,
} from './demo-shell'

/**
 * Destinations (docs/ledger.md#destinations), end to end in Chromium with the demo shop: each
 * journal format is its own destination with its own export log. A generic CSV export and then a
 * Xero export of the same day are both complete; Xero is switched to per session summary at a
 * cut-over, and its files sum, account by account, to a one-shot export of the whole range to a
 * fresh destination; a refund synced afterwards is one new entry in each destination. A second Xero
 * organisation with a mapping of its own gets the same entries under its own account code.
 */

const CONTROL_TOKEN = 'demo_control_destinations_e2e_1618'

const shell = useDemoShell({
  seed: 23,
  timezone: 'Asia/Jakarta',
  now: yesterdayMiddayInJakarta(),
  days: 2,
  locations: 1,
  billsPerSession: 8,
  currency: 'USD',
  live: false,
  appKey: 'demo_key_destinations_e2e_1414',
  controlToken: CONTROL_TOKEN,
})

/** The demo shop's control API. */
const control = (): DemoControl => shopControl(shell(), CONTROL_TOKEN)

interface Exported {
  status: string
  files: Buffer[]
}

/** Exports the range to the chosen destination: the screen's status and the files downloaded. */
async function exportRange(page: Page, from: string, to: string): Promise<Exported> {
  await page.getByLabel('From', { exact: true }).fill(from)
  await page.getByLabel('To', { exact: true }).fill(to)
  const downloads: Promise<Buffer>[] = []
  const onDownload = (download: Download): void => {
    downloads.push(download.path().then((path) => readFile(path)))
  }
  page.on('download', onDownload)
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const status = page.locator('[aria-live="polite"]').getByRole('status')
  await expect(status).toHaveText(/exported to|^Nothing new/, { timeout: 60_000 })
  const text = (await status.textContent()) ?? ''
  const names = /exported to (.*)\.$/.exec(text)?.[1]?.split(', ') ?? []
  await expect.poll(() => downloads.length).toBe(names.length)
  page.off('download', onDownload)
  return { status: text, files: await Promise.all(downloads) }
}

const cents = (v: string | undefined): number => Math.round(Number(v || '0') * 100)

/** The journal lines of generic CSV or Xero files: entry id, account code, signed cents. */
function journalLines(files: Buffer[]): { entry: string; account: string; amount: number }[] {
  return files.flatMap((file) =>
    parseCsvFile(file).map((row) =>
      'entry_id' in row
        ? {
            entry: row.entry_id!,
            account: row.account_code!,
            amount: cents(row.debit) - cents(row.credit),
          }
        : {
            entry: /\[([^\]]+)\]$/.exec(row.Narration!)![1]!,
            account: row.AccountCode!,
            amount: cents(row.Amount),
          },
    ),
  )
}

const entryIds = (files: Buffer[]): string[] => [
  ...new Set(journalLines(files).map((l) => l.entry)),
]

/** Debit-positive cents per account, accounts that net to zero left out, sorted. */
function accountSums(files: Buffer[]): [string, number][] {
  const sums = new Map<string, number>()
  for (const { account, amount } of journalLines(files))
    sums.set(account, (sums.get(account) ?? 0) + amount)
  return [...sums].filter(([, sum]) => sum !== 0).sort(([a], [b]) => a.localeCompare(b))
}

async function choose(page: Page, destination: string | { label: string }): Promise<void> {
  await page.getByLabel('Format').selectOption(destination)
}

test('each destination gets every entry once: CSV then Xero, a cut-over to per session, a late refund', async ({
  page,
}) => {
  type Bill = { id: string; register_session_id: string }
  await openSynced(page, shell())
  const [sale] = (await control()<{ data: Bill[] }>('POST', '/sales', { count: 1 })).data as [Bill]
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(async () => (await cachedRecords(page, [['bills', sale.id]]))[0]?.hasDetail, {
      timeout: 60_000,
    })
    .toBe(true)

  await page.getByRole('link', { name: 'Exports', exact: true }).click()
  await choose(page, 'journal-csv')
  await expect(page.getByLabel('To', { exact: true })).not.toHaveValue('')
  // The day of the sale's session, read from the cache.
  const [session] = await cachedRecords(page, [['sessions', sale.register_session_id!]])
  const today = String(session!['businessDate'])
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10)

  // Generic CSV, then Xero, of the same day: Xero is complete, not "nothing new".
  const csvFirst = await exportRange(page, yesterday, yesterday)
  expect(entryIds(csvFirst.files).length).toBeGreaterThan(3)
  await choose(page, 'xero')
  // Xero keeps choices of its own: first, what it does not hold yet.
  await expect(page.getByLabel('Dates')).toHaveValue('offered')
  await page.getByLabel('From', { exact: true }).fill(yesterday)
  await page.getByLabel('To', { exact: true }).fill(yesterday)
  // Before exporting, the screen says what the export will write to Xero.
  await expect(page.getByRole('status', { name: 'Export preview' })).toHaveText(
    `Exporting this range to Xero writes ${entryIds(csvFirst.files).length} new entries, 0 reversals and 0 adjustments.`,
  )
  const xeroFirst = await exportRange(page, yesterday, yesterday)
  expect(entryIds(xeroFirst.files).sort()).toEqual(entryIds(csvFirst.files).sort())
  expect(accountSums(xeroFirst.files)).toEqual(accountSums(csvFirst.files))
  await expect(page.getByRole('status', { name: 'Export preview' })).toHaveText(
    'This range holds nothing new for Xero.',
  )
  // Again: nothing new, naming the destination and the export that holds the range.
  const again = await exportRange(page, yesterday, yesterday)
  expect(again.status).toMatch(
    new RegExp(
      `^Nothing new to export to Xero: every entry in this range is already in its export of .* \\(${readableDate(yesterday)}\\)\\.$`,
    ),
  )
  await expect(page.getByRole('note', { name: 'Accounts defaulted' })).toHaveCount(0)

  // Xero switches to per session summary from today: yesterday stays as it was posted.
  await page.getByLabel('Per session summary').check()
  const cutOver = page.getByRole('group', { name: 'Cut-over' })
  await expect(cutOver.getByLabel('Cut-over business date')).toHaveValue(today)
  await cutOver.getByRole('button', { name: 'Switch granularity' }).click()
  await expect(page.getByText(`From ${readableDate(today)}: per session summary`)).toBeVisible()
  // The demo's clock stands at yesterday's midday, so by Till's own clock the sale's session has
  // had no bill for more than 12 hours: it is shown closed, nothing is held back, and it posts.
  await page.getByLabel('To', { exact: true }).fill(today)
  await expect(page.getByRole('note', { name: 'Sessions still open' })).toHaveCount(0)
  const xeroRest = await exportRange(page, yesterday, today)
  const rest = entryIds(xeroRest.files)
  expect(rest).toContain(`session:${sale.register_session_id}`)
  expect(rest).not.toContain(sale.id)
  expect(rest.filter((id) => entryIds(xeroFirst.files).includes(id))).toEqual([])
  await choose(page, 'journal-csv')
  const csvRest = await exportRange(page, yesterday, today)
  expect(entryIds(csvRest.files)).toContain(sale.id)

  // A fresh destination given the whole range at once: the same sums, account by account.
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Destinations', exact: true }).click()
  const destinations = page.getByRole('region', { name: 'Destinations' })
  await destinations.getByLabel('Destination name').fill('Xero, one shot')
  await destinations.getByLabel('Destination format').selectOption('xero')
  await destinations.getByRole('button', { name: 'Add destination' }).click()
  await expect(destinations.getByRole('status')).toContainText('Added Xero, one shot')
  await page.getByRole('link', { name: 'Exports', exact: true }).click()
  const oneShotLabel = { label: 'Xero, one shot (Journal, Xero manual journal)' }
  await choose(page, oneShotLabel)
  const oneShot = await exportRange(page, yesterday, today)
  expect(accountSums([...xeroFirst.files, ...xeroRest.files])).toEqual(accountSums(oneShot.files))
  expect(accountSums([...csvFirst.files, ...csvRest.files])).toEqual(accountSums(oneShot.files))

  // A refund of the sale, synced afterwards: one new entry in each destination.
  const refund = (await control()<{ bill: Bill }>('POST', `/bills/${sale.id}/refund`, {})).bill
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(async () => (await cachedRecords(page, [['bills', refund.id]]))[0]?.hasDetail, {
      timeout: 60_000,
    })
    .toBe(true)
  const lateToOneShot: Buffer[] = []
  for (const [destination, expected] of [
    ['journal-csv', refund.id],
    ['xero', `session:${refund.register_session_id}:adj:1`],
    [oneShotLabel, refund.id],
  ] as const) {
    await choose(page, destination)
    const late = await exportRange(page, yesterday, today)
    expect(late.status).toMatch(/^1 entry exported to /)
    expect(entryIds(late.files)).toEqual([expected])
    if (destination === oneShotLabel) lateToOneShot.push(...late.files)
  }

  // A second Xero organisation with its own chart: its own mapping, a copy of the shared one
  // with its own code for Sales, leaves the shared mapping as it was.
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Destinations', exact: true }).click()
  const second = 'Xero, second shop'
  await destinations.getByLabel('Destination name').fill(second)
  await destinations.getByLabel('Destination format').selectOption('xero')
  await destinations.getByRole('button', { name: 'Add destination' }).click()
  await expect(destinations.getByRole('status')).toContainText(`Added ${second}`)
  await destinations.getByLabel(`Account mapping of ${second}`).selectOption('Its own')
  await expect(destinations.getByRole('status')).toContainText(
    `${second} posts with its own account mapping`,
  )
  await page.getByRole('link', { name: 'Account mapping', exact: true }).click()
  await page.getByLabel('Mapping for', { exact: true }).selectOption({ label: second })
  const mapping = page.getByRole('form', { name: 'Account mapping' })
  await mapping.getByLabel('Code for Sales', { exact: true }).fill('4010')
  await mapping.getByLabel('Name for Sales', { exact: true }).fill('Second shop sales')
  await mapping.getByRole('button', { name: 'Save account mapping' }).click()
  await expect(mapping.getByRole('status')).toContainText('Saved')
  await page
    .getByLabel('Mapping for', { exact: true })
    .selectOption({ label: 'Shared (every destination without its own)' })
  await expect(mapping.getByLabel('Code for Sales', { exact: true })).toHaveValue('')
  await page.getByRole('link', { name: 'Exports', exact: true }).click()
  await choose(page, { label: `${second} (Journal, Xero manual journal)` })
  const ownMapped = await exportRange(page, yesterday, today)
  const sharedSums = accountSums([...oneShot.files, ...lateToOneShot])
  expect(sharedSums.map(([account]) => account)).toContain('4000')
  expect(accountSums(ownMapped.files)).toEqual(
    sharedSums
      .map(([account, sum]): [string, number] => [account === '4000' ? '4010' : account, sum])
      .sort(([a], [b]) => a.localeCompare(b)),
  )
})
