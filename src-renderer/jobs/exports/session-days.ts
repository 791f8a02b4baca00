import type { TillDatabase } from '../../cache/database'
import type { Bill } from '../../../src-shared/domain/records'
import type { SessionDay } from '../../domain/journal/journal'
import { readSessions } from '../../cache/load-session'

/** The sessions records of a page belong to, with what dating their entries needs. */
export async function sessionDays(
  db: TillDatabase,
  ids: Iterable<string | null>,
): Promise<Map<string, SessionDay>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))]
  const days = new Map<string, SessionDay>()
  for (const session of await readSessions(db, wanted))
    if (session)
      days.set(session.id, { businessDate: session.businessDate, closedAt: session.closedAt })
  return days
}

/** The sessions bills and their payments were in. */
export function billSessionIds(bills: readonly Bill[]): (string | null)[] {
  return bills.flatMap((b) => [b.registerSessionId, ...b.payments.map((p) => p.registerSessionId)])
}
