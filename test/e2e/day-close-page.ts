import { expect, type Page } from '@playwright/test'
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
