import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * What axe finds on the page as it is now that a person would be held up by: each violation of
 * impact serious or critical, as "where: rule (impact) at selectors".
 */
export async function seriousAxeViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return (
    violations
      // Heading order is only "moderate" to axe, but screen reader users jump by headings.
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
      .map(
        (v) =>
          `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      )
  )
}
