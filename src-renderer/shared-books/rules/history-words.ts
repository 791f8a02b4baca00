import type { SharedHistoryItem } from '../../../src-shared/bridge/schemas/shared-books'
import { formatDateTime } from '../../format/time'
import { pcLabel } from './pc-names'

/**
 * The shared books' latest changes in words (docs/shared-books.md#history): who did what, when,
 * each record as it last changed. A count at a later version was counted again or reopened (its
 * last step says which); a movement that corrects or cancels another says so (movements are never
 * changed in place).
 */

export interface HistoryLine {
  /** In the merchant's zone, the one format for a moment. */
  when: string
  who: string
  what: string
}

function again(item: SharedHistoryItem): boolean {
  return item.version > 1
}

function whatWasDone(item: SharedHistoryItem, destinations: ReadonlyMap<string, string>): string {
  const named = (id: string) => destinations.get(id) ?? id
  switch (item.kind) {
    case 'reconciliation':
      if (item.deleted) return `took back the count of session ${item.key}`
      if (item.action === 'reopened') return `reopened the count of session ${item.key}`
      return again(item) ? `counted session ${item.key} again` : `counted session ${item.key}`
    case 'cashMovement':
      if (item.deleted) return 'removed a cash movement'
      if (item.action === 'corrected') return 'corrected a cash movement'
      if (item.action === 'cancelled') return 'cancelled a cash movement'
      return 'recorded a cash movement'
    case 'exportBatch': {
      const batch = item.batch
      if (!batch) return 'exported a batch'
      const entries =
        batch.entries === 1 ? '1 entry' : `${batch.entries.toLocaleString('en')} entries`
      return `exported ${entries} to ${named(batch.destinationId)} (batch ${batch.seq})`
    }
    case 'depositMatch':
      return item.deleted ? 'undid a deposit match' : 'matched a deposit'
    case 'statementLine':
      return item.deleted ? 'removed a bank statement line' : 'imported a bank statement line'
    case 'locationName':
      return `renamed location ${item.key}`
    case 'destination':
      return again(item)
        ? `changed destination ${named(item.key)}`
        : `added destination ${named(item.key)}`
    case 'mapping':
      return 'changed the account mapping'
    case 'subAccount':
      return 'changed a kept sub-account code'
    case 'depositSetting':
      return 'changed the deposit settings'
    default:
      return `changed ${item.kind} ${item.key}`
  }
}

/** Each change as a line, in the order given; PCs of the same name told apart. */
export function historyLines(
  items: readonly SharedHistoryItem[],
  timeZone: string,
  destinations: ReadonlyMap<string, string>,
): HistoryLine[] {
  const everyone = items.map((item) => item.by)
  return items.map((item) => ({
    when: formatDateTime(item.at, timeZone),
    who: pcLabel(item.by, everyone),
    what: whatWasDone(item, destinations),
  }))
}
