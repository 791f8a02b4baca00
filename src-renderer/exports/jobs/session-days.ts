import type { TillDatabase } from '../../database/database'
import type { Bill } from '../../../src-shared/domain/records'
import type { SessionDay } from '../rules/journal'
import { readSessions } from '../../sessions/tables/load-session'

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

/**
 * `sessionDays` for one export: each session read once, however many pages name it (a session
 * holds thousands of bills).
 */
export class SessionDays {
  private readonly known = new Map<string, SessionDay | null>()

  constructor(private readonly db: TillDatabase) {}

  async of(ids: Iterable<string | null>): Promise<Map<string, SessionDay>> {
    const wanted = [...new Set([...ids].filter((id): id is string => id !== null))]
    const missing = wanted.filter((id) => !this.known.has(id))
    if (missing.length > 0) {
      const read = await sessionDays(this.db, missing)
      for (const id of missing) this.known.set(id, read.get(id) ?? null)
    }
    const days = new Map<string, SessionDay>()
    for (const id of wanted) {
      const day = this.known.get(id)
      if (day) days.set(id, day)
    }
    return days
  }
}

/** The sessions bills and their payments were in. */
export function billSessionIds(bills: readonly Bill[]): (string | null)[] {
  return bills.flatMap((b) => [b.registerSessionId, ...b.payments.map((p) => p.registerSessionId)])
}
