import { readReconciliation, type SessionReconciliation } from '../../../day-close'
import type { Reconciliation } from '../../../database/cached-records'
import { formatMoney } from '../../../format/format-money'
import { formatDateTime } from '../../../format/time'
import { varianceText } from './variance-text'

/**
 * One PC's version of a session's count in a conflict (./CountConflict.tsx), in lines of words:
 * the count that stands in it, or the reopen that took it back (a count on one PC and a reopen
 * on the other is a conflict too), or none where it was deleted.
 */
export function countVersionLines(body: unknown, currency: string, timeZone: string): string[] {
  if (body === null) return ['No count: deleted']
  const read = readReconciliation(body as Reconciliation)
  if (read.state !== 'ok') return ['Unreadable']
  const record: SessionReconciliation = read.record
  const last = record.log.at(-1)
  if (last?.action === 'reopened')
    return [
      'Reopened, not counted',
      `by ${last.by}, ${formatDateTime(last.at, timeZone)}`,
      ...(last.reason ? [`“${last.reason}”`] : []),
      `it took back the count of ${formatMoney(record.countedCash, currency)}`,
    ]
  return [
    `${formatMoney(record.countedCash, currency)} counted`,
    `variance ${varianceText(record.count.cashVariance, currency)}`,
    `by ${record.reconciledBy}, ${formatDateTime(record.reconciledAt, timeZone)}`,
    ...(record.varianceNote ? [`“${record.varianceNote}”`] : []),
  ]
}
