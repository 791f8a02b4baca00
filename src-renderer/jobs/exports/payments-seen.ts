import type { Bill } from '../../../src-shared/domain/records'
import type { TillDatabase } from '../../cache/database'
import { countPaymentsOfSession } from '../../cache/load-session'

/**
 * The payments on the bills an export's pages read, counted by the session each was taken in.
 * The cache stores a bill's payments only with its detail, so when a session's payments number
 * as many as the pages met, none of them is on a bill of another day: the export need not read
 * the session's payments to look for one (issue 25).
 */
export class PaymentsSeen {
  private readonly bySession = new Map<string, number>()

  note(bills: readonly Bill[]): void {
    for (const bill of bills) {
      if (!bill.hasDetail) continue
      for (const { registerSessionId: session } of bill.payments)
        if (session !== null) this.bySession.set(session, (this.bySession.get(session) ?? 0) + 1)
    }
  }

  /** Whether every payment the cache holds of the session is on a bill the pages read. */
  async allOf(db: TillDatabase, sessionId: string): Promise<boolean> {
    return (await countPaymentsOfSession(db, sessionId)) === (this.bySession.get(sessionId) ?? 0)
  }
}
