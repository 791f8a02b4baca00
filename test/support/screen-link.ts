import type { Locator, Page } from '@playwright/test'

/**
 * A screen's link in the main navigation, by the screen's name. The Sessions link also says how
 * many sessions are to count ("Sessions · 3 to count").
 */
export function screenLink(page: Page, name: string): Locator {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: new RegExp(`^${escaped}( · \\d+ to count)?$`) })
}
