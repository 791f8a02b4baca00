import { expect, test, type Locator, type Page } from '@playwright/test'
import {
  joinSharedBooks,
  pcPage,
  sessionsOfDayBefore,
  sharedBooksPanel,
  twoShellsOnOneDatabase,
} from './shared-books-pcs'

/**
 * What a person does with shared books beyond counting and exporting (docs/shared-books.md): two
 * browser shells, two PCs of the same demo shop, on one throwaway PostgreSQL, the laptop reaching
 * it through a loopback proxy that can take it offline. Each PC is given a name; apart, both
 * correct the same two pay-ins and name the same location; Problems on both shows each pair of
 * pay-ins in words under the PCs' names, the books' first standing, and the laptop's Problems the
 * two names; the laptop's manager uses one of its own pay-ins, keeps the other standing and keeps
 * the office's name, and both PCs follow; Recent changes says which PC did what.
 */

const books = twoShellsOnOneDatabase()

async function rename(page: Page, name: string): Promise<void> {
  const panel = await sharedBooksPanel(page)
  await panel.getByLabel('This PC’s name').fill(name)
  await panel.getByRole('button', { name: 'Rename' }).click()
  await expect(panel.getByText(`This PC is now called ${name};`)).toBeVisible()
  await expect(panel.getByText(`This PC shares its records as ${name}, store`)).toBeVisible()
}

/** The first session of the day before on Day close, read afresh. */
async function firstSession(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Exports' }).click()
  return (await sessionsOfDayBefore(page)).first()
}

function movementsTable(session: Locator): Locator {
  return session.getByRole('table', { name: /^Cash movements of session/ })
}

const idr = (amount: string) => new RegExp(`IDR\\s${amount}`)

async function recordPayIn(session: Locator, amount: string): Promise<void> {
  const form = session.getByRole('form', { name: 'Record a cash movement' })
  await form.getByLabel('Movement', { exact: true }).selectOption({ label: 'Pay-in' })
  await form.getByLabel('Amount', { exact: true }).fill(amount)
  await form.getByLabel('Moved by (name or initials)').fill('Ana')
  await form.getByRole('button', { name: 'Record movement' }).click()
}

async function correctPayIn(session: Locator, from: string, to: string): Promise<void> {
  await movementsTable(session)
    .getByRole('button', { name: new RegExp(`^Correct the pay-in of IDR\\s${from}`) })
    .click()
  const correction = session.getByRole('form', { name: 'Correct a cash movement' })
  await correction.getByLabel('Amount', { exact: true }).fill(to)
  await correction.getByLabel('Moved by (name or initials)').fill('Budi')
  await correction.getByRole('button', { name: 'Record the correction' }).click()
  await expect(
    movementsTable(session).getByText(idr(Number(to).toLocaleString('en-US'))),
  ).toBeVisible()
}

/** The movements of the books: how many rows of cash movements they hold. */
async function movementsOnBooks(): Promise<number> {
  const rows = await books.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM till_rows WHERE kind = 'cashMovement' AND NOT deleted`,
  )
  return rows[0]!.n
}

/** The location's name as the books hold it; null before any PC named it. */
async function nameOnBooks(): Promise<string | null> {
  const rows = await books.query<{ name: string }>(
    `SELECT body->>'name' AS name FROM till_rows WHERE kind = 'locationName' AND NOT deleted`,
  )
  return rows[0]?.name ?? null
}

/** Settings → Locations. */
async function locations(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  return page.getByRole('region', { name: 'Locations' })
}

async function nameLocation(page: Page, name: string): Promise<void> {
  const names = await locations(page)
  await names.getByRole('textbox', { name: 'Location name' }).first().fill(name)
  await names.getByRole('button', { name: 'Save location names' }).click()
  await expect(names.getByText('Location names saved.')).toBeVisible()
}

function heldOnProblems(page: Page): Locator {
  return page.getByRole('region', { name: /^Cash movements made on two PCs/ })
}

test('PCs named by people; two corrections of one pay-in, and two names of a location, made apart shown on Problems in words with both versions, chosen by a person on one PC and followed on the other; Recent changes says which PC did what', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const office = await pcPage(browser, books.shells[0]!)
  const laptop = await pcPage(browser, books.shells[1]!)
  await joinSharedBooks(office, books.direct)
  await joinSharedBooks(laptop, books.throughProxy)
  await rename(office, 'Front office')
  await rename(laptop, 'Back laptop')

  const officeSession = await firstSession(office)
  await recordPayIn(officeSession, '30000')
  await expect(movementsTable(officeSession).getByText(idr('30,000'))).toBeVisible()
  await recordPayIn(officeSession, '40000')
  await expect(movementsTable(officeSession).getByText(idr('40,000'))).toBeVisible()
  await expect
    .poll(
      async () => {
        const table = movementsTable(await firstSession(laptop))
        await table.waitFor({ timeout: 5_000 }).catch(() => undefined)
        return (await table.allTextContents()).join(' ')
      },
      { timeout: 60_000 },
    )
    .toMatch(/IDR\s30,000[\s\S]*IDR\s40,000|IDR\s40,000[\s\S]*IDR\s30,000/)

  // Apart: the laptop loses the books; the office's corrections reach them first.
  books.proxy.setOffline(true)
  await correctPayIn(officeSession, '30,000', '50000')
  await correctPayIn(officeSession, '40,000', '45000')
  await nameLocation(office, 'Jalan Sabang')
  await expect.poll(movementsOnBooks, { timeout: 60_000 }).toBe(4)
  await expect.poll(nameOnBooks, { timeout: 60_000 }).toBe('Jalan Sabang')
  const laptopSession = await firstSession(laptop)
  await correctPayIn(laptopSession, '30,000', '70000')
  await correctPayIn(laptopSession, '40,000', '80000')
  await nameLocation(laptop, 'Jalan Jaksa')
  await expect(laptop.getByRole('status', { name: 'Shared books' })).toContainText(
    /\d+ changes waiting to be sent/,
    { timeout: 30_000 },
  )
  books.proxy.setOffline(false)
  await expect.poll(movementsOnBooks, { timeout: 90_000 }).toBe(6)

  // Both PCs show each pair in words, the office's standing as the books took it first.
  const standingWords = (standing: string, amount: string, kept: string, keptAmount: string) =>
    new RegExp(
      `Standing on every PC: ${standing}’s Pay-in IDR\\s${amount} \\(change \\d+\\), the one the ` +
        `shared books took first\\. Kept aside until a person chooses: ${kept}’s Pay-in ` +
        `IDR\\s${keptAmount} \\(change \\d+\\)\\.`,
    )
  for (const [page, officeName, laptopName] of [
    [office, 'this PC', 'Back laptop'],
    [laptop, 'Front office', 'this PC'],
  ] as const) {
    await page.getByRole('link', { name: 'Problems', exact: true }).click()
    const held = heldOnProblems(page)
    await expect(held.getByRole('heading')).toHaveText('Cash movements made on two PCs (2)', {
      timeout: 60_000,
    })
    const kept70 = held.getByRole('listitem').filter({ hasText: idr('70,000') })
    await expect(kept70.locator('strong')).toHaveText(/^Pay-in IDR\s70,000 by Budi, /)
    await expect(kept70).toContainText(
      /The pay-in of IDR\s30,000 by Ana was corrected on two PCs\./,
    )
    await expect(kept70).toContainText(standingWords(officeName, '50,000', laptopName, '70,000'))
    const kept80 = held.getByRole('listitem').filter({ hasText: idr('80,000') })
    await expect(kept80).toContainText(
      /The pay-in of IDR\s40,000 by Ana was corrected on two PCs\./,
    )
    await expect(kept80).toContainText(standingWords(officeName, '45,000', laptopName, '80,000'))
    // Words, not ids: no movement is named by the id Till gave it.
    await expect(held).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  }

  // The laptop's manager uses the laptop's first correction and keeps the office's second.
  const laptopHeld = heldOnProblems(laptop)
  await laptopHeld
    .getByRole('listitem')
    .filter({ hasText: idr('70,000') })
    .getByRole('button', { name: 'Use this one instead' })
    .click()
  await laptopHeld
    .getByRole('listitem')
    .filter({ hasText: idr('80,000') })
    .getByRole('button', { name: 'Keep the standing one' })
    .click()
  await expect(laptopHeld).toBeHidden()
  await expect(heldOnProblems(office)).toBeHidden({ timeout: 90_000 })

  for (const page of [office, laptop]) {
    const table = movementsTable(await firstSession(page))
    // The pay-ins as corrected: the laptop's 70,000 and the office's 45,000 stand.
    await expect(table.getByRole('row').filter({ hasText: idr('70,000') })).not.toContainText(
      'corrected, not counted',
    )
    await expect(table.getByRole('row').filter({ hasText: idr('45,000') })).not.toContainText(
      'corrected, not counted',
    )
    await expect(table.getByText(idr('50,000'))).toHaveCount(0)
    await expect(table.getByText(idr('80,000'))).toHaveCount(0)
  }

  // The location named on both: the office's name stands on both, the laptop's is kept beside it
  // on Problems, both in words, until its manager keeps the office's.
  const changed = laptop.getByRole('region', { name: /^Changed on two PCs/ })
  await laptop.getByRole('link', { name: 'Problems', exact: true }).click()
  await expect(changed.getByRole('heading', { level: 2 })).toHaveText(
    /^Changed on two PCs \(\d+\)$/,
  )
  const named = changed.getByRole('listitem').filter({ hasText: 'Jalan Jaksa' })
  await expect(named).toContainText('was changed here and on Front office.')
  await expect(named.getByRole('table')).toContainText('Jalan Sabang')
  await expect(heldOnProblems(office)).toBeHidden()
  await office.getByRole('link', { name: 'Problems', exact: true }).click()
  await expect(office.getByRole('region', { name: /^Changed on two PCs/ })).toBeHidden()
  await named.getByRole('button', { name: 'Keep Front office’s' }).click()
  await expect(named).toBeHidden()
  await expect(
    (await locations(laptop)).getByRole('textbox', { name: 'Location name' }).first(),
  ).toHaveValue('Jalan Sabang')
  expect(await nameOnBooks()).toBe('Jalan Sabang')

  // Recent changes, on the office: what the laptop did, under the name it was given.
  const history = (await sharedBooksPanel(office)).getByRole('region', { name: 'Recent changes' })
  const line = (who: string, what: string) =>
    history.getByRole('row').filter({ hasText: who }).filter({ hasText: what })
  await expect(line('Back laptop', 'corrected a cash movement')).toHaveCount(1)
  await expect(line('Back laptop', 'removed a cash movement')).toHaveCount(2)
  await expect(line('Front office', 'corrected a cash movement')).toHaveCount(1)
  await expect(line('Front office', 'recorded a cash movement')).toHaveCount(2)
  await expect(line('Front office', 'renamed location')).toHaveCount(1)
})
