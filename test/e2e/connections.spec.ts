import { expect, test, type Page } from '@playwright/test'
import { openTill, startBrowserShell, type RunningBrowserShell } from '../support/browser-shell'
import { startStubAppsApi } from '../support/stub-apps-api'
import { screenLink } from '../support/screen-link'

const SECRET_KEY = 'bills-only-key'
const WEBHOOK_SECRET = 'whsec_e2eSigningSecret-7Q9Z'
/** The demo shop's own secrets, known here so the test can look for them too. */
const DEMO_KEY = 'demo_key_e2e_0f9e8d7c6b5a'
const DEMO_WEBHOOK_SECRET = 'whsec_demo_e2e_1a2b3c4d5e6f'

let shell: RunningBrowserShell
let stub: Awaited<ReturnType<typeof startStubAppsApi>>

test.beforeAll(async () => {
  stub = await startStubAppsApi()
  shell = await startBrowserShell({
    TILL_DEMO_OPTIONS: JSON.stringify({
      days: 1,
      locations: 1,
      billsPerSession: 10,
      live: false,
      appKey: DEMO_KEY,
      webhookSecret: DEMO_WEBHOOK_SECRET,
    }),
  })
})
test.afterAll(async () => {
  await shell?.stop()
  await stub?.close()
})

async function openSettings(page: Page): Promise<void> {
  await openTill(page, shell)
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
}

async function fillConnection(page: Page, apiKey: string): Promise<void> {
  await page.getByLabel('Connection name').fill('High street')
  await page.getByLabel('Service URL').fill(stub.url)
  await page.getByLabel('API key').fill(apiKey)
  await page.getByLabel('Store ID').fill('store-77')
  await page.getByLabel('Webhook signing secret').fill(WEBHOOK_SECRET)
}

/** Everything a page script could read: the DOM, both storages and every IndexedDB record. */
async function everythingThePageHolds(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [document.documentElement.outerHTML]
    for (const input of Array.from(document.querySelectorAll('input'))) parts.push(input.value)
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++)
        parts.push(`${storage.key(i)}=${storage.getItem(storage.key(i)!)}`)
    }
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result)
        })
        parts.push(JSON.stringify(all))
      }
      db.close()
    }
    return parts.join('\n')
  })
}

test('a connection is saved to the keychain and only its last four characters come back', async ({
  page,
}) => {
  // With no connection of its own yet, Till opens on the demo shop.
  await openTill(page, shell)
  await expect(page.getByLabel('Active connection')).toHaveText('Demo shop')
  for (const name of ['Sessions', 'Bills', 'Expenses', 'Day close', 'Exports', 'Settings']) {
    await expect(screenLink(page, name)).toBeVisible()
  }

  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('listitem', { name: 'Demo shop' })).toBeVisible()
  await fillConnection(page, SECRET_KEY)
  await page.getByRole('button', { name: 'Save connection' }).click()
  await expect(page.getByText('Saved “High street”')).toBeVisible()

  await page.reload()
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  const profile = page.getByRole('listitem', { name: 'High street' })
  await expect(profile).toBeVisible()
  await expect(profile.getByTestId('api-key-status')).toHaveText(`•••• ${SECRET_KEY.slice(-4)}`)
  await expect(profile.getByText(`•••• ${WEBHOOK_SECRET.slice(-4)}`)).toBeVisible()
  await expect(
    page.getByRole('listitem', { name: 'Demo shop' }).getByTestId('api-key-status'),
  ).toHaveText(`•••• ${DEMO_KEY.slice(-4)}`)

  // Made active, it syncs: the stub grants bills only, and Till says so.
  await profile.getByRole('button', { name: 'Make active' }).click()
  await expect(page.getByLabel('Active connection')).toHaveText('High street')
  await expect(
    page.getByText(
      /^Expenses not allowed: The install did not grant the permission “r\/read-expenses”/,
    ),
  ).toBeVisible({ timeout: 30_000 })

  const held = await everythingThePageHolds(page)
  for (const secret of [SECRET_KEY, WEBHOOK_SECRET, DEMO_KEY, DEMO_WEBHOOK_SECRET]) {
    expect(held).not.toContain(secret)
    expect(held).not.toContain(secret.slice(0, -4))
  }
})

test('Test connection explains a refused key and a missing scope', async ({ page }) => {
  await openSettings(page)
  await fillConnection(page, 'a-key-the-service-refuses')
  await page.getByRole('button', { name: 'Test connection' }).click()
  const result = page.getByLabel('Connection test result')
  await expect(result).toContainText('The service refused the API key')

  await page.getByLabel('API key').fill(SECRET_KEY)
  await page.getByRole('button', { name: 'Test connection' }).click()
  await expect(result).toContainText('The key works. Till can read bills only.')
  await expect(result).toContainText('Bills: allowed')
  await expect(result).toContainText(
    'Expenses: not allowed — the install did not grant “r/read-expenses”',
  )
})

test('a bad form gets precise reasons and saves nothing', async ({ page }) => {
  await openSettings(page)
  await page.getByLabel('Connection name').fill('Broken')
  await page.getByLabel('Service URL').fill('pos.example.com')
  await page.getByLabel('API key').fill('some-key-1234')
  await page.getByLabel('Store ID').fill('s-1')
  await page.getByLabel('Webhook signing secret').fill('not-a-whsec')
  await page.getByRole('button', { name: 'Save connection' }).click()
  const status = page.getByRole('status').filter({ hasText: 'not valid' })
  await expect(status).toContainText('baseUrl')
  await expect(status).toContainText('A webhook signing secret begins with whsec_')
  await expect(page.getByRole('listitem', { name: 'Broken' })).toHaveCount(0)
})

test('deleting a connection removes it after confirmation', async ({ page }) => {
  await openSettings(page)
  const profile = page.getByRole('listitem', { name: 'High street' })
  await expect(profile).toBeVisible()
  page.once('dialog', (dialog) => void dialog.accept())
  await profile.getByRole('button', { name: 'Delete' }).click()
  await expect(profile).toHaveCount(0)
  await expect(page.getByLabel('Active connection')).toHaveText('Demo shop')
})
