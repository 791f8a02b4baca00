import { expect, type Locator, type Page } from '@playwright/test'
import type { RunningBrowserShell } from '../support/browser-shell'
import { openSynced } from './demo-shell'

/** Opens Till synced (its clock held at `clockAt` where given) on the Day close screen. */
export async function openDayCloseScreen(
  page: Page,
  shell: RunningBrowserShell,
  { clockAt }: { clockAt?: Date } = {},
): Promise<void> {
  if (clockAt) await page.clock.setFixedTime(clockAt)
  await openSynced(page, shell)
  await page.getByRole('link', { name: 'Day close', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Day close', level: 1 })).toBeVisible()
}

/** An amount as en-US shows it ("IDR 1,234,500", "-IDR 2,500"), in IDR's minor units. */
export function idr(text: string): number {
  const digits = Number(text.replace(/[^\d]/g, ''))
  return text.includes('-') ? -digits : digits
}

/**
 * Records a session's opening float through the count's offer: while the opening is not known
 * the count has no variance, and "Record the opening float first" takes the manager to the form.
 */
export async function recordFloatFirst(session: Locator, amount: string): Promise<void> {
  await expect(session.getByRole('status', { name: 'Cash variance' })).toContainText(
    'not determined: opening cash not known',
  )
  await session.getByRole('button', { name: 'Record the opening float first' }).click()
  const form = session.getByRole('form', { name: 'Record a cash movement' })
  const amountField = form.getByLabel('Amount', { exact: true })
  await expect(amountField).toBeFocused()
  await expect(form.getByLabel('Movement', { exact: true })).toHaveValue('float')
  await amountField.fill(amount)
  await form.getByLabel('Moved by (name or initials)').fill('E2E')
  await form.getByRole('button', { name: 'Record movement' }).click()
  await expect(session.getByText('(entered as the opening float)').first()).toBeVisible()
}
