import type { Page } from '@playwright/test'

/** Goes to a screen's item by its address, as a bookmark or a pasted link would. */
export async function goToAddress(page: Page, route: string, item: string): Promise<void> {
  await page.evaluate(
    ([r, i]) => {
      window.location.hash = `#/${r}/${encodeURIComponent(i!)}`
    },
    [route, item],
  )
}

/** The id of what the address says is open (`#/sessions/<id>`), or null. */
export function openItemId(page: Page): string | null {
  const item = new URL(page.url()).hash.split('/')[2]
  return item ? decodeURIComponent(item) : null
}
