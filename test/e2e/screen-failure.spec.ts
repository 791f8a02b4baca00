import { expect, test, type Page } from '@playwright/test'
import { useDemoShell, openSynced } from './demo-shell'

const shell = useDemoShell({ seed: 23, days: 2, locations: 1, billsPerSession: 10, live: false })

/**
 * Sets a cached bill's currency in the page's IndexedDB, behind Till's back (as a cache written
 * by a faulty version could hold it), and gives the bill's id and the currency it had.
 */
function setCachedBillCurrency(
  page: Page,
  currency: string,
  id?: string,
): Promise<{ id: string; was: string }> {
  return page.evaluate(
    async ([currency, id]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('till-demo-shop')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const bills = db.transaction('bills', 'readwrite').objectStore('bills')
      const bill = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const request = id ? bills.get(id) : bills.openCursor()
        request.onsuccess = () => {
          const found = request.result as IDBCursorWithValue | Record<string, unknown> | null
          if (!found) reject(new Error('no cached bill'))
          else resolve(found instanceof IDBCursorWithValue ? found.value : found)
        }
        request.onerror = () => reject(request.error)
      })
      const was = String(bill['currency'])
      await new Promise<void>((resolve, reject) => {
        const put = bills.put({ ...bill, currency })
        put.onsuccess = () => resolve()
        put.onerror = () => reject(put.error)
      })
      db.close()
      return { id: String(bill['id']), was }
    },
    [currency, id] as const,
  )
}

test('a screen that fails says which and why, the others keep working, and it can be retried', async ({
  page,
}) => {
  await openSynced(page, shell())
  const bill = await setCachedBillCurrency(page, 'X1')

  await page.evaluate((id) => (location.hash = `#/bills/${encodeURIComponent(id)}`), bill.id)
  const failure = page.getByRole('alert').filter({ hasText: 'Bills could not be shown' })
  await expect(failure).toBeVisible()
  await expect(failure).toContainText(/currency code.*X1/)

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Sessions' })
    .click()
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()
  await expect(page.getByText('could not be shown')).toHaveCount(0)

  await page.goBack()
  await expect(failure).toBeVisible()
  await setCachedBillCurrency(page, bill.was, bill.id)
  await failure.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Bills', level: 1 })).toBeVisible()
  await expect(page.getByText('could not be shown')).toHaveCount(0)
})
