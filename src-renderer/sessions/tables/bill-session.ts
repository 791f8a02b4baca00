import Dexie from 'dexie'
import type { TillDatabase } from '../../database/database'

/**
 * A session's bills in the order they were made, through `[registerSessionId+createdAt]`: the
 * one index by session the bills table keeps (version 17 dropped the plain one, see
 * database/migrations/v17.ts).
 */
export function billsOfSession(db: TillDatabase, sessionId: string) {
  return db.bills
    .where('[registerSessionId+createdAt]')
    .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
}
