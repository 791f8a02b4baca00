import type { TillDatabase } from '../../database/database'

/**
 * Every expense category the shop has used, for a pay-out to choose from: those of the
 * service's expenses and of the pay-outs recorded in Till, in name order.
 */
export async function categoriesUsed(db: TillDatabase): Promise<string[]> {
  const found = new Set<string>()
  await db.expenses.each((e) => found.add(e.category))
  await db.cashMovements.each((m) => {
    if (m.category !== null) found.add(m.category)
  })
  return [...found].sort((a, b) => a.localeCompare(b))
}
