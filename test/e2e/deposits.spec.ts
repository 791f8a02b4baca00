import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { dateInJakarta, useDemoShell, openSynced } from './demo-shell'

const shell = useDemoShell({ seed: 26, days: 3, locations: 1, billsPerSession: 4, live: false })

/** A bank's plain CSV with one transfer nothing in the demo shop explains. */
function statement(): { name: string; mimeType: string; buffer: Buffer } {
  const text = [
    'Date,Description,Amount,Balance',
    `${dateInJakarta(0)},TRANSFER IN 8812,123450,123450`,
  ]
  return { name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(`${text.join('\n')}\n`) }
}

/** Exports the last few days to the generic CSV journal; the file's text. */
async function exportJournal(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Exports', exact: true }).click()
  await page.getByLabel('Format').selectOption('journal-csv')
  await page.getByLabel('From', { exact: true }).fill(dateInJakarta(-4))
  await page.getByLabel('To', { exact: true }).fill(dateInJakarta(0))
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  return readFile((await (await downloading).path())!, 'utf8')
}

test('Deposits: a statement is imported (CSV columns mapped, previewed), an overlap adds nothing, a line matched by hand and unmatched', async ({
  page,
}) => {
  await openSynced(page, shell())
  await page.getByRole('link', { name: 'Deposits', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Still waiting for the bank' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Still waiting' })).toBeVisible()

  const importing = page.getByRole('region', { name: 'Import a bank statement' })
  await importing.getByLabel('Statement file').setInputFiles(statement())
  await expect(importing.getByText('bank.csv: read as CSV.')).toBeVisible()
  await expect(importing.getByLabel('Amount column')).toHaveValue('Amount')
  await expect(importing.getByRole('table', { name: 'Statement preview' })).toContainText(
    'TRANSFER IN 8812',
  )
  await importing.getByRole('button', { name: 'Import 1 lines' }).click()
  await expect(importing.getByRole('status')).toContainText('Imported 1 new line')

  // The same file again: its line is recognised, nothing added.
  await importing.getByLabel('Statement file').setInputFiles(statement())
  await importing.getByRole('button', { name: 'Import 1 lines' }).click()
  await expect(importing.getByRole('status')).toContainText('Imported 0 new lines')
  await expect(importing.getByRole('status')).toContainText('already there: 1')

  const unmatched = page.getByRole('region', { name: /Bank lines not matched/ })
  await expect(unmatched).toContainText('TRANSFER IN 8812')
  await page.getByLabel('Your name').fill('Ana')
  // Why it is left, in words with the difference.
  await expect(unmatched).toContainText(/Session still open at .*short by/)
  await unmatched.getByRole('button', { name: 'Match by hand' }).click()
  await unmatched.getByRole('checkbox').first().check()
  // Far short of a card day's takings: too far off to be a fee, so the person says why and it is
  // recorded as a difference to explain.
  await expect(unmatched.getByRole('button', { name: 'Match', exact: true })).toHaveCount(0)
  await unmatched.getByLabel(/A difference to explain/).selectOption({ label: 'Other difference' })
  await unmatched.getByRole('button', { name: 'Record the difference' }).click()

  const matched = page.getByRole('table', { name: 'Matched' })
  const row = matched.getByRole('row').filter({ hasText: 'TRANSFER IN 8812' })
  await expect(row).toContainText('Matched by hand')
  await expect(row).toContainText('A difference to explain: Other difference')

  // What made it sure, offered as a rule: kept, then listed with the bank rules.
  const remember = page.getByRole('region', { name: 'Remember what made this match sure?' })
  await expect(remember.getByLabel('Lines whose text contains')).toHaveValue('TRANSFER IN')
  await remember.getByRole('button', { name: 'Remember this rule' }).click()
  await expect(remember).toHaveCount(0)
  await page.getByText(/Bank rules and location names/).click()
  await expect(page.getByRole('list', { name: 'Bank rules' })).toContainText(
    'lines containing TRANSFER IN pay Card takings at Harbour Street',
  )
  // Edited, then deleted; the bank's other names for a location kept beside the rules.
  const rules = page.getByRole('list', { name: 'Bank rules' })
  await rules.getByRole('button', { name: 'Edit' }).click()
  await rules.getByLabel('Lines whose text contains').fill('TRANSFER IN 88')
  await rules.getByRole('button', { name: 'Save the rule' }).click()
  await expect(rules).toContainText('lines containing TRANSFER IN 88 pay Card takings')
  await rules.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No rules yet')).toBeVisible()
  const aliases = page
    .getByRole('group', { name: /Other names the bank writes/ })
    .locator('label', { hasText: 'Harbour Street' })
    .getByRole('textbox')
  await aliases.fill('HARBOUR ST\nHBR')
  await aliases.blur()
  await expect(
    page.getByRole('status').filter({ hasText: 'Names of Harbour Street saved.' }),
  ).toBeVisible()
  await expect(row).toContainText('Ana')
  await expect(page.getByRole('region', { name: /Bank lines not matched/ })).toContainText(
    'Bank lines not matched (0)',
  )

  // Exported: the deposit posts once, under its bank account and bank line's id.
  const posted = await exportJournal(page)
  const entry = /deposit:main:h:[0-9a-z]+/.exec(posted)?.[0]
  expect(entry).toBeDefined()
  await page.getByRole('link', { name: 'Deposits', exact: true }).click()
  await page.getByLabel('Your name').fill('Budi')
  await row.getByRole('button', { name: 'Unmatch' }).click()
  await expect(page.getByRole('table', { name: 'Unmatched by a person' })).toContainText(
    'TRANSFER IN 8812',
  )
  await expect(page.getByRole('region', { name: /Bank lines not matched/ })).toContainText(
    'TRANSFER IN 8812',
  )

  // Exported again: the deposit's reversal, and nothing else of it.
  const reversed = await exportJournal(page)
  expect(reversed).toContain(`${entry!}:reversal`)

  // The first import undone: its line goes, and the unmatched match stays to carry the reversal.
  await page.getByRole('link', { name: 'Deposits', exact: true }).click()
  await page.getByLabel('Your name').fill('Budi')
  await page.getByText('Statements imported (2)').click()
  const first = page.getByRole('row').filter({ hasText: '1 new' })
  await expect(page.getByRole('row').filter({ hasText: '1 already there' })).toBeVisible()
  await first.getByRole('button', { name: 'Undo import' }).click()
  await expect(first).toContainText('Undone by Budi')
  await expect(page.getByRole('region', { name: /Bank lines not matched/ })).not.toContainText(
    'TRANSFER IN 8812',
  )

  // Another bank account, to import its statements into.
  await page.getByRole('link', { name: 'Deposits', exact: true }).click()
  await page.getByText('Bank accounts, days and fees').click()
  await page.getByLabel('New account’s name').fill('BCA Kemang')
  await page.getByRole('button', { name: 'Add bank account' }).click()
  await expect(page.getByText('BCA Kemang added')).toBeVisible()
  await expect(importing.getByLabel('Bank account')).toContainText('BCA Kemang (IDR)')

  // Card money paid into it less Rp 320 a payment, a float kept in every drawer, a wider window: saved and shown again.
  const settings = page.locator('details', { hasText: 'Bank accounts, days and fees' })
  await expect(settings.getByLabel('New account’s name')).toHaveValue('')
  await settings.getByLabel('Card: paid into').selectOption({ label: 'BCA Kemang' })
  await settings.getByLabel('Card: fee per payment').fill('320')
  await settings.getByLabel('Every location', { exact: true }).fill('50000')
  await settings.getByLabel('Days after the due date').fill('7')
  await settings.getByLabel('Tolerance (% of the takings)').fill('half')
  await settings.getByRole('button', { name: 'Save deposit settings' }).click()
  await expect(settings.getByRole('alert')).toContainText('Tolerance: give a percentage')
  await settings.getByLabel('Tolerance (% of the takings)').fill('0.5')
  await settings.getByRole('button', { name: 'Save deposit settings' }).click()
  await expect(page.getByText('Saved. Expected deposits follow the new terms.')).toBeVisible()
  await page.reload()
  await page.getByText('Bank accounts, days and fees').click()
  await expect(page.getByLabel('Card: paid into')).toHaveValue(/^bank-/)
  await expect(page.getByLabel('Card: fee per payment')).toHaveValue('320')
  await expect(page.getByLabel('Days after the due date')).toHaveValue('7')
  await expect(page.getByLabel('Tolerance (% of the takings)')).toHaveValue('0.5')
  await expect(page.getByLabel('Every location', { exact: true })).toHaveValue(/^50[.,]?000$/)
})

test('Deposits: a large statement shows how far it is read, then its preview', async ({ page }) => {
  const lines = 100_000
  const rows = Array.from(
    { length: lines },
    (_, i) => `${dateInJakarta(0)},TRANSFER IN ${i},${1000 + i},${1000 + i}`,
  )
  const text = ['Date,Description,Amount,Balance', ...rows].join('\n')
  await openSynced(page, shell())
  await page.getByRole('link', { name: 'Deposits', exact: true }).click()
  const importing = page.getByRole('region', { name: 'Import a bank statement' })
  await importing.getByLabel('Statement file').setInputFiles({
    name: 'large.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  })
  // Read off the page's thread: the page tells how far, then shows the preview.
  await expect(importing.getByRole('progressbar', { name: /MB/ })).toBeVisible()
  await expect(importing.getByRole('table', { name: 'Statement preview' })).toContainText(
    `The first 10 of ${lines} lines`,
  )
  await expect(importing.getByRole('progressbar')).toHaveCount(0)
  await expect(importing.getByRole('button', { name: `Import ${lines} lines` })).toBeEnabled()
})
