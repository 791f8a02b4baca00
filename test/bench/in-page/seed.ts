import { businessDate } from '../../../src-shared/domain/business-date'
import type { Bill, BillType } from '../../../src-shared/domain/records'
import { TillDatabase } from '../../../src-renderer/database/database'
import type { RegisterSession } from '../../../src-renderer/database/cached-records'
import { writeBills, writeTogether } from '../../../src-renderer/sync/tables/writes'
import { makeBill, type PaymentSpec } from '../../support/bill-factory'

/**
 * Fills a connection's cache with generated sessions of bills, written by the cache's own bill
 * write, many thousand to a transaction: seeding is preparation, not a figure.
 */

export interface SeedPlan {
  databaseName: string
  bills: number
  billsPerSession: number
  locations: number
  timeZone: string
  /** Epoch ms of the day after the last seeded business day. */
  endAt: number
}

export interface SeededShop {
  sessions: string[]
  /** Business dates, oldest first. */
  days: string[]
  locations: string[]
}

const DAY_MS = 86_400_000
const SHIFT_MS = 6 * 3_600_000
const SHIFTS_PER_DAY = 2
const METHODS = ['cash', 'card', 'qris', 'e_wallet']
const WRITE_BATCH = 10_000

const SESSION_PREFIX = 'bench-S'

export function sessionId(index: number): string {
  return `${SESSION_PREFIX}${String(index).padStart(5, '0')}`
}

function billType(i: number): BillType {
  if (i % 50 === 49) return 'refund'
  if (i % 97 === 96) return 'void'
  return 'sale'
}

function payments(i: number, total: number): PaymentSpec[] {
  if (i % 23 === 0) return []
  const first = METHODS[i % METHODS.length]!
  if (i % 29 === 0) return [{ method: first, amount: Math.floor(total / 3) }]
  const half = Math.floor(total / 2)
  return [
    { method: first, amount: half },
    { method: 'cash', amount: total - half, reversed: i % 97 === 0 },
  ]
}

function generatedBill(index: number, session: number, location: string, at: number): Bill {
  const lines = [15_000 + (index % 7) * 1000, 22_500, 8_000 + (index % 3) * 500]
  const discount = index % 5 === 0 ? 1_000 : 0
  const fee = index % 4 === 0 ? 2_000 : 0
  const total = lines.reduce((a, b) => a + b, 0) - discount + fee
  const type = billType(index)
  const bill = makeBill({
    id: `bench-B${index}`,
    type,
    session: sessionId(session),
    ...(type === 'sale' ? {} : { parent: `bench-B${index - 1}` }),
    at,
    lines,
    discount,
    fee,
    payments: payments(index, total),
  })
  return { ...bill, locationId: location, number: `${location}-${String(index).padStart(7, '0')}` }
}

export async function seedShop(plan: SeedPlan): Promise<SeededShop> {
  // Relaxed durability: a seed that dies half-way is simply seeded again.
  const db = new TillDatabase(plan.databaseName, { chromeTransactionDurability: 'relaxed' })
  const sessionCount = Math.ceil(plan.bills / plan.billsPerSession)
  const perDay = plan.locations * SHIFTS_PER_DAY
  const dayCount = Math.ceil(sessionCount / perDay)
  const firstDay = plan.endAt - dayCount * DAY_MS
  const locations = Array.from({ length: plan.locations }, (_, i) => `bench-L${i + 1}`)
  const sessions: RegisterSession[] = []
  let bills: Bill[] = []
  const flush = async (): Promise<void> => {
    await writeTogether(db, async () => {
      await writeBills(db, {
        bills,
        quarantined: [],
        detailPriority: 0,
        timeZone: plan.timeZone,
        now: plan.endAt,
      })
      // The sessions as generated (closed, with their opening cash) over what the write made of them.
      await db.sessions.bulkPut(sessions.splice(0))
    })
    bills = []
  }
  let index = 0
  for (let s = 0; s < sessionCount; s++) {
    const location = locations[s % plan.locations]!
    const openedAt =
      firstDay +
      Math.floor(s / perDay) * DAY_MS +
      8 * 3_600_000 +
      (Math.floor(s / plan.locations) % SHIFTS_PER_DAY) * SHIFT_MS
    const count = Math.min(plan.billsPerSession, plan.bills - index)
    for (let b = 0; b < count; b++, index++) {
      bills.push(generatedBill(index, s, location, openedAt + Math.floor((b * SHIFT_MS) / count)))
    }
    sessions.push({
      id: sessionId(s),
      locationId: location,
      businessDate: businessDate(openedAt, plan.timeZone),
      openedAt,
      closedAt: openedAt + SHIFT_MS,
      openingCash: 500_000,
      firstActivityAt: openedAt,
      status: 'closed',
    })
    if (bills.length >= WRITE_BATCH) await flush()
  }
  await flush()
  db.close()
  const days = Array.from({ length: dayCount }, (_, d) =>
    businessDate(firstDay + d * DAY_MS + 12 * 3_600_000, plan.timeZone),
  )
  return { sessions: Array.from({ length: sessionCount }, (_, s) => sessionId(s)), days, locations }
}
