import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { readableDate, useDemoShell, openSynced, yesterdayMiddayInJakarta } from './demo-shell'

const shell = useDemoShell({
  seed: 26,
  days: 14,
  locations: 3,
  billsPerSession: 4,
  live: false,
  // A clock of its own: past midnight in Jakarta the day just begun has a session open and a bank
  // line that pays a day the hand match cannot close without a reason.
  now: yesterdayMiddayInJakarta(),
})

/** The CAMT.053 statement main wrote for this launch of the demo shop (docs/deposits.md). */
function demoBankStatement(dataDir: string): string {
  const folder = join(dataDir, 'demo-bank')
  const name = readdirSync(folder).find((file) => file.endsWith('.xml'))
  if (!name) throw new Error(`no CAMT.053 statement in ${folder}`)
  return join(folder, name)
}

/** The demo bank's words for a method (src-demo/bank-deposits.ts), and its clearing account's name. */
const CLEARING: Record<string, string> = {
  'CASH DEPOSIT': 'Cash',
  'CARD SETTLEMENT': 'Card',
  'QRIS SETTLEMENT': 'QRIS',
  'E-WALLET SETTLEMENT': 'E-wallet',
  'TRANSFERS IN': 'Bank transfer',
}

/** The clearing account a demo bank line pays into, from its words. */
function clearingOf(text: string): string {
  const account = Object.entries(CLEARING).find(([words]) => text.includes(words))?.[1]
  if (!account) throw new Error(`no method named in the bank line ${text}`)
  return account
}

/** The business dates a demo bank line says it pays ("… 2026-11-18..2026-11-21"), each as a date. */
function datesPaid(text: string): string[] {
  const [, from, to] = /(\d{4}-\d{2}-\d{2})(?:\.\.(\d{4}-\d{2}-\d{2}))?/.exec(text) ?? []
  if (!from) throw new Error(`no business dates in the bank line ${text}`)
  const dates: string[] = []
  for (let day = from; day <= (to ?? from);) {
    dates.push(day)
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  }
  return dates
}

/** The location a demo bank line pays for: "CARD SETTLEMENT MARKET HALL 2026-11-18…" → "MARKET HALL". */
function locationOf(text: string): string {
  const words = Object.keys(CLEARING).find((method) => text.startsWith(method)) ?? ''
  return text
    .slice(words.length)
    .replace(/\d{4}-.*$/, '')
    .trim()
}

/**
 * Per clearing account, the earliest of its locations' last business dates the statement's lines
 * pay: the account waits for nothing older at any location.
 */
function lastDatePaid(camt: string): Map<string, string> {
  const byLocation = new Map<string, string>()
  for (const [, text] of camt.matchAll(/<AddtlNtryInf>([^<]*)<\/AddtlNtryInf>/g)) {
    const account = clearingOf(text!)
    const key = `${account}|${locationOf(text!)}`
    const date = datesPaid(text!).at(-1)!
    if (date > (byLocation.get(key) ?? '')) byLocation.set(key, date)
  }
  const last = new Map<string, string>()
  for (const [key, date] of byLocation) {
    const account = key.split('|')[0]!
    if (date < (last.get(account) ?? '9999')) last.set(account, date)
  }
  return last
}

/**
 * The text of a list's first item (or of its `part`), read without waiting: matching runs again
 * as the takings settle, so the item counted a moment ago may be gone and the list with it.
 */
async function firstItemText(list: Locator, part?: string): Promise<string | undefined> {
  const items = list.locator(':scope > li')
  const [text] = await (part ? items.locator(part) : items).allInnerTexts()
  return text
}

/**
 * Matches by hand each bank line Till left, to the takings its reference names (the method and
 * days the demo bank wrote on it): what a bookkeeper reading the line would do.
 */
async function matchLeftoversByHand(page: Page): Promise<void> {
  const unmatched = page.getByRole('list', { name: 'Bank lines not matched' })
  for (let text; (text = await firstItemText(unmatched)) !== undefined;) {
    const item = unmatched.locator(':scope > li').first()
    const method = clearingOf(text)
    // The line's location as the takings name it ("MARKET HALL" is Market Hall): two locations
    // take card money on the same day.
    const location = locationOf(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    await item.getByRole('button', { name: 'Match by hand' }).click()
    for (const date of datesPaid(text)) {
      const day = item.getByRole('checkbox', {
        name: new RegExp(`^${method} · ${location} · ${readableDate(date)} \\(`, 'i'),
      })
      // A day without takings of the method has nothing to pay.
      if ((await day.count()) > 0) await day.check()
    }
    await item.getByRole('button', { name: 'Match', exact: true }).click()
    await expect(unmatched.locator(':scope > li').filter({ hasText: text })).toHaveCount(0)
  }
}

/**
 * Confirms, for each bank line that fits more than one way, the reading its words name (the
 * method and days the demo bank wrote on it), as a bookkeeper deciding would. Matching runs again
 * as the takings settle and after each decision, so an offer may resolve on its own meanwhile.
 */
async function decideOffers(page: Page): Promise<void> {
  const offers = page.getByRole('list', { name: 'To decide' })
  for (let words; (words = await firstItemText(offers, 'strong')) !== undefined;) {
    const item = offers.locator(':scope > li').filter({ hasText: words })
    let reading = item.locator('li').filter({ hasText: new RegExp(`^${clearingOf(words)} · `) })
    for (const date of datesPaid(words)) reading = reading.filter({ hasText: readableDate(date) })
    const confirm = reading.getByRole('button', { name: 'Confirm this match' })
    // Gone already when the offer resolved itself before the click landed.
    await confirm.click({ timeout: 5_000 }).catch(() => expect(item).toHaveCount(0))
    await expect(item).toHaveCount(0)
  }
}

test('Deposits: the demo shop’s own bank statement is imported, Till matches most of it, a person the rest, and the clearing accounts reach zero for every day the bank paid', async ({
  page,
}) => {
  await openSynced(page, shell())
  await page.getByRole('link', { name: 'Deposits', exact: true }).click()
  const waiting = page.getByRole('table', { name: 'Still waiting' })
  await expect(waiting).toBeVisible()

  // The demo shop handed its bank's terms to the cache, as its bookkeeper would have entered
  // them: the card processor's fee per payment is there before anyone opens the settings.
  const settings = page.locator('details', { hasText: 'Bank accounts, days and fees' })
  await settings.getByText('Bank accounts, days and fees').click()
  await expect(settings.getByLabel('Card: fee per payment')).toHaveValue('320')
  await settings.getByText('Bank accounts, days and fees').click()

  const importing = page.getByRole('region', { name: 'Import a bank statement' })
  const statement = demoBankStatement(shell().dataDir)
  await importing.getByLabel('Statement file').setInputFiles(statement)
  await expect(importing.getByText(/read as CAMT\.053\./)).toBeVisible()
  await importing.getByRole('button', { name: /^Import \d+ lines$/ }).click()
  const status = importing.getByRole('status')
  await expect(status).toContainText(/Imported \d+ new lines/)
  const [, imported, automatic] = /Imported (\d+) new lines.*Matched (\d+) automatically/
    .exec(await status.innerText())!
    .map(Number)

  // Till matched at least 95 in 100 lines on its own (the bank's words name each line's method,
  // location and days: by amounts and dates alone, about a third), each by one of its rules.
  expect(automatic).toBeGreaterThanOrEqual(Math.ceil(imported! * 0.95))
  const matched = page.getByRole('table', { name: 'Matched' })
  await expect(
    matched.getByRole('row').filter({ hasText: /Exact amount|Within the fee|Several days/ }),
  ).toHaveCount(automatic!)
  // Their sessions are named with the status each is shown with, as on every screen: the demo's
  // sessions of days the bank paid are over with no close event, never "–open".
  await expect(matched.getByText(/–close not recorded/).first()).toBeVisible()
  await expect(matched.getByText(/–open(;|$)/)).toHaveCount(0)

  // What it left, a person matches from the line's own words.
  await page.getByLabel('Your name').fill('Ana')
  // A line that fits more than one way waits for a person (some days' figures make one).
  await decideOffers(page)
  await matchLeftoversByHand(page)
  // Every line is matched once, by Till's rules, a decision or a person.
  await expect(page.getByRole('heading', { name: `Matched (${imported})` })).toBeVisible()
  await expect(page.getByRole('region', { name: /Bank lines not matched/ })).toContainText(
    'Bank lines not matched (0)',
  )

  // Every clearing account has reached zero for the days the bank has paid: what still waits
  // (since its oldest day) is only takings after the last day the statement pays.
  const paid = lastDatePaid(readFileSync(statement, 'utf8'))
  expect(paid.size).toBeGreaterThan(2)
  const rows = waiting.getByRole('row').filter({ has: page.getByRole('rowheader') })
  for (const row of await rows.all()) {
    const account = await row.getByRole('rowheader').innerText()
    const since = await row.getByRole('cell').first().innerText()
    const sinceDate = new Date(`${since.slice(4)} UTC`).toISOString().slice(0, 10)
    expect(sinceDate > (paid.get(account) ?? ''), `${account} waits since ${since}`).toBe(true)
  }
})
