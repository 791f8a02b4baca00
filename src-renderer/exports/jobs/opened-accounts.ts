import type { TillDatabase } from '../../database/database'
import { destinationBatches } from '../tables/export-batches'
import type { StoredBatch } from '../tables/export-rows'
import { batchJournalPages } from '../tables/log-page-queries'
import { writeJournal, type JournalTarget } from '../rules/formats/journal-formats'

/**
 * Every beancount file to a destination is included beside the earlier ones, so each opens only
 * the accounts no earlier batch of the destination opened (exports/rules/formats/beancount.ts). The names go
 * into the target, which the batch keeps: *Download again* of any batch writes the same opens.
 */
export async function withEarlierOpens(
  db: TillDatabase,
  destinationId: string,
  target: JournalTarget,
): Promise<JournalTarget> {
  if (target.format !== 'beancount' || !target.options.openAccounts) return target
  const opened = new Set<string>()
  for (const batch of await destinationBatches(db, destinationId))
    for (const name of batch.accountsOpened ?? (await openedByOlderTill(db, batch)))
      opened.add(name)
  return { ...target, options: { ...target.options, opened: [...opened].sort() } }
}

/**
 * What a batch from before Till kept `accountsOpened` opened: its file written again from the log,
 * for the opens alone (none for other formats).
 */
async function openedByOlderTill(db: TillDatabase, batch: StoredBatch): Promise<string[]> {
  if (batch.target.format !== 'beancount') return []
  const names: string[] = []
  const file = writeJournal(batch.target, batchJournalPages(db, batch.id), {
    accountOpened: (name) => names.push(name),
  })
  for await (const chunk of file) void chunk
  return names
}
