import type { TillDatabase } from '../../database/database'
import { sessionGranularity, singleGranularity } from '../tables/destinations'
import { type Destination } from '../tables/export-rows'
import type { Granularity } from '../rules/export-log'
import { paymentSession, type JournalBill } from '../rules/journal'
import { readSessions } from '../../sessions/tables/load-session'

/**
 * How a destination posts each register session: per bill or in its summary, by the session's
 * business date (see `granularityOn`). A bill goes the way of its session; a payment the way of
 * the session it was taken in, whose summary carries it when that session is summarised. So with
 * a cut-over between a sale's session and its payment's, each is posted once, by one side.
 * Bills and payments of no session always post per bill.
 */
export class SessionModes {
  /** Whether sessions of this destination post both ways (it has a cut-over). */
  readonly mixed: boolean
  private readonly single: Granularity | null
  private readonly dates = new Map<string, string>()

  constructor(
    private readonly db: TillDatabase,
    private readonly destination: Destination,
  ) {
    this.single = singleGranularity(destination)
    this.mixed = this.single === null
  }

  of(session: { id: string; businessDate: string }): Granularity {
    return sessionGranularity(this.destination, session)
  }

  /** The bills of `page` posted per bill, each with the payments posted per bill. */
  async perBillOnly(page: readonly JournalBill[]): Promise<JournalBill[]> {
    if (this.single === 'bill') return [...page]
    await this.load(
      page.flatMap((b) => [b.registerSessionId, ...b.payments.map((p) => p.registerSessionId)]),
    )
    return page
      .filter((bill) => this.perBill(bill.registerSessionId, bill.businessDate))
      .map((bill) => ({
        ...bill,
        payments: bill.payments.filter((p) =>
          this.perBill(paymentSession(bill, p), bill.businessDate),
        ),
      }))
  }

  /** Of these bills, those whose sessions post as summaries. */
  async summarisedOnly(bills: readonly (JournalBill | undefined)[]): Promise<JournalBill[]> {
    const known = bills.filter((b): b is JournalBill => b !== undefined)
    await this.load(known.map((b) => b.registerSessionId))
    return known.filter((b) => !this.perBill(b.registerSessionId, b.businessDate))
  }

  /**
   * Of these bills, the sales whose sessions post as summaries, each with the payments posted
   * apart from its summary: those of no session and those taken in sessions posted per bill.
   */
  async apartFromSummaries(bills: readonly JournalBill[]): Promise<JournalBill[]> {
    const sales = (await this.summarisedOnly(bills)).filter((b) => b.type === 'sale')
    await this.load(sales.flatMap((b) => b.payments.map((p) => p.registerSessionId)))
    return sales
      .map((bill) => ({
        ...bill,
        payments: bill.payments.filter((p) => this.perBill(p.registerSessionId, bill.businessDate)),
      }))
      .filter((bill) => bill.payments.length > 0)
  }

  /** The business dates of these sessions, those the cache holds. */
  async businessDates(ids: Iterable<string>): Promise<string[]> {
    const sessions = await readSessions(this.db, [...ids])
    return sessions.flatMap((s) => (s ? [s.businessDate] : []))
  }

  private perBill(sessionId: string | null, fallbackDate: string): boolean {
    if (sessionId === null || this.single === 'bill') return true
    if (this.single === 'session') return false
    // A session the cache does not hold yet is taken as of its bill's date.
    const businessDate = this.dates.get(sessionId) ?? fallbackDate
    return sessionGranularity(this.destination, { id: sessionId, businessDate }) === 'bill'
  }

  private async load(ids: readonly (string | null)[]): Promise<void> {
    if (this.single !== null) return
    const missing = [...new Set(ids)].filter(
      (id): id is string => id !== null && !this.dates.has(id),
    )
    if (missing.length === 0) return
    const sessions = await readSessions(this.db, missing)
    for (const session of sessions) if (session) this.dates.set(session.id, session.businessDate)
  }
}
