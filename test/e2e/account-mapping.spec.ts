import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { dateInJakarta, useDemoShell, openSynced } from './demo-shell'
import { parseCsvFile } from './csv-file'

/**
 * Settings → Account mapping, end to end with the demo shop: the shop's taxes are listed for
 * mapping instead of guessed, bad codes are explained at the field and nothing is saved, a saved
 * mapping is what the next export posts to, and a later remap posts nothing again.
 */

const shell = useDemoShell({
  seed: 31,
  days: 2,
  locations: 1,
  billsPerSession: 10,
  live: false,
  appKey: 'demo_key_account_mapping_e2e_1618',
})

async function openMapping(page: Page) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Account mapping', exact: true }).click()
  const form = page.getByRole('form', { name: 'Account mapping' })
  await expect(form.getByRole('table', { name: 'Other accounts' })).toBeVisible()
  return form
}

/**
 * The Exports screen, for a range that holds all of the demo shop's trading (from a week back,
 * before its two days of history, to today in Jakarta), so every tax Settings lists is one its
 * export posts, whatever the time of day. The screen's default, the latest business day, can be
 * a session just opened, or hold nothing but the bills rung up after midnight in the evening
 * session before, which that session's own day posts.
 */
async function openExports(page: Page, destination: string): Promise<void> {
  await page.getByRole('link', { name: 'Exports' }).click()
  // Dates are chosen per destination: the destination first.
  await page.getByLabel('Format').selectOption(destination)
  await page.getByLabel('From').fill(dateInJakarta(-7))
  await page.getByLabel('To').fill(dateInJakarta(0))
}

/** The account codes of a journal CSV's lines posted to accounts named `name`. */
function codesOf(bytes: Buffer, name: string): Set<string> {
  return new Set(
    parseCsvFile(bytes)
      .filter((row) => row.account_name === name)
      .map((row) => row.account_code!),
  )
}

test('a saved mapping is what the next export posts to; bad codes are explained where they are', async ({
  page,
}) => {
  await openSynced(page, shell())
  const form = await openMapping(page)

  // The shop's taxes are listed, marked for mapping: the chart only guesses them.
  const taxes = form.getByRole('table', { name: 'Taxes' })
  const taxRow = taxes.getByRole('row').filter({ hasText: 'needs mapping' }).first()
  const taxLabel = (await taxRow.getByRole('rowheader').textContent())!
    .replace('needs mapping', '')
    .trim()
  expect(taxLabel).toMatch(/^Tax “.+”$/)
  await expect(page.getByRole('note').filter({ hasText: 'need mapping' })).toContainText(taxLabel)

  // The Exports screen names it before exporting, with the way to Settings.
  await openExports(page, 'journal-csv')
  const unmapped = page.getByRole('note', { name: 'Unmapped accounts' })
  await expect(unmapped).toContainText(taxLabel)
  await unmapped.getByRole('link', { name: 'Map them in Settings' }).click()
  await expect(form.getByRole('table', { name: 'Taxes' })).toBeVisible()

  // A code with a space, and a code Cash clearing already has under another name: refused.
  await form.getByLabel('Code for Sales', { exact: true }).fill('40 01')
  await form.getByLabel('Name for Sales', { exact: true }).fill('Shop sales')
  await form.getByLabel(`Code for ${taxLabel}`).fill('1000')
  await form.getByLabel(`Name for ${taxLabel}`).fill('Output tax')
  // Before saving, the screen shows the account each format will post to.
  const inFormats = form.getByRole('list', { name: `Where ${taxLabel} posts` })
  await expect(inFormats).toContainText('hledger/ledger: Liabilities:Tax-payable:Output-tax')
  await expect(inFormats).toContainText('QuickBooks Online: Tax payable:Output tax')
  await form.getByRole('button', { name: 'Save account mapping' }).click()
  await expect(form.getByRole('alert')).toContainText('2 fields need attention')
  const salesCode = form.getByLabel('Code for Sales', { exact: true })
  await expect(salesCode).toHaveAttribute('aria-invalid', 'true')
  await expect(salesCode).toHaveAccessibleDescription(
    'Use letters, digits, dots and dashes, starting with a letter or digit.',
  )
  await expect(form.getByLabel(`Code for ${taxLabel}`)).toHaveAccessibleDescription(
    /^Code 1000 is already “Cash clearing”/,
  )

  await salesCode.fill('4001')
  await form.getByLabel(`Code for ${taxLabel}`).fill('2110')
  await form.getByRole('button', { name: 'Save account mapping' }).click()
  await expect(form.getByRole('status')).toContainText('entries already exported stay as they are')
  await expect(taxes.getByRole('row').filter({ hasText: taxLabel })).not.toContainText(
    'needs mapping',
  )

  // Exports: the mapped tax is no longer listed as unmapped (the shop's other taxes are); the
  // file posts to 4001 and 2110.
  await openExports(page, 'journal-csv')
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeEnabled()
  await expect(unmapped).toContainText('Tax “')
  await expect(unmapped).not.toContainText(taxLabel)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const bytes = await readFile((await (await downloading).path())!)
  expect(codesOf(bytes, 'Shop sales')).toEqual(new Set(['4001']))
  // A mapped tax stays in the tax-payable group.
  expect(codesOf(bytes, 'Tax payable:Output tax')).toEqual(new Set(['2110']))
  expect(codesOf(bytes, 'Output tax')).toEqual(new Set())
  expect(codesOf(bytes, 'Sales')).toEqual(new Set())

  // A remap afterwards applies to later exports only: the same range posts nothing again.
  const again = await openMapping(page)
  await again.getByLabel('Code for Sales', { exact: true }).fill('4009')
  await again.getByRole('button', { name: 'Save account mapping' }).click()
  await expect(again.getByRole('status')).toContainText('Saved')
  await openExports(page, 'journal-csv')
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await expect(page.getByText(/^Nothing new to export/)).toBeVisible()
})

test('a tax given a Xero tax rate goes out at that rate, as a tax-exclusive Sales line Xero taxes to it', async ({
  page,
}) => {
  await openSynced(page, shell())
  const form = await openMapping(page)
  const rateFields = form
    .getByRole('table', { name: 'Taxes' })
    .getByRole('textbox', { name: /^Xero tax rate for Tax “/ })
  const count = await rateFields.count()
  expect(count).toBeGreaterThan(0)
  const names: string[] = []
  for (let i = 0; i < count; i++) {
    names.push(`Output rate ${i + 1}`)
    await rateFields.nth(i).fill(names[i]!)
  }
  // Input tax needs its percentage: refused without, saved with.
  await form.getByLabel('Xero tax rate for Input tax').fill('GST on Expenses')
  await form.getByRole('button', { name: 'Save account mapping' }).click()
  await expect(form.getByRole('alert')).toContainText('its percentage too')
  await form.getByLabel('Percentage of Input tax').fill('11')
  await form.getByRole('button', { name: 'Save account mapping' }).click()
  await expect(form.getByRole('status')).toContainText('Saved')

  await openExports(page, 'xero')
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeEnabled()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const rows = parseCsvFile(await readFile((await (await downloading).path())!))
  // The demo shop's rupiah have no cents, and Xero works tax out in hundredths: an 11 % tax it
  // cannot give exactly keeps its own line, and the Exports screen names the bills.
  const exempt = page.getByRole('note', { name: 'Taxes sent Tax Exempt' })
  await expect(exempt.getByRole('listitem').first()).toHaveText(/^(Sale|Refund|Void) .+: .+/)
  const taxed = rows.filter((row) => names.includes(row.TaxRate!))
  expect(taxed.length).toBeGreaterThan(0)
  // Each taxed line is on Sales, a credit.
  const salesCode = rows.find((row) => row.Description === 'Sales')!.AccountCode
  for (const row of taxed) {
    expect(row.AccountCode).toBe(salesCode)
    expect(Number(row.Amount)).toBeLessThan(0)
  }
})
