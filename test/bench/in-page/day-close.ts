import {
  dayCloseFigures,
  type SessionPayment,
} from '../../../src-renderer/day-close/rules/day-close'
import { loadSessionInputs } from '../../../src-renderer/sessions/tables/load-session'
import { TillDatabase } from '../../../src-renderer/database/database'
import { makeBill } from '../../support/bill-factory'

/** Day-close figures in the page: computed over inputs in memory, and read from the cache. */

const METHODS = ['cash', 'card', 'qris', 'bank_transfer', 'e_wallet']
const START = Date.UTC(2026, 10, 1, 1, 0)

function sessionInputs(bills: number) {
  const made = Array.from({ length: bills }, (_, i) => {
    const lines = [15_000 + (i % 7) * 1000, 22_500, 8_000 + (i % 3) * 500]
    const total = lines.reduce((a, b) => a + b, 0)
    return makeBill({
      id: String(i),
      type: i % 50 === 49 ? 'refund' : 'sale',
      session: 'S',
      at: START + i * 9_000,
      lines,
      discount: i % 5 === 0 ? 1_000 : 0,
      fee: i % 4 === 0 ? 2_000 : 0,
      payments: [
        { method: METHODS[i % METHODS.length]!, amount: Math.floor(total / 2) },
        { method: 'cash', amount: total - Math.floor(total / 2), reversed: i % 97 === 0 },
      ],
    })
  })
  const payments: SessionPayment[] = made.flatMap((b) =>
    b.payments.map((p) => ({ ...p, billType: b.type })),
  )
  return { bills: made, payments, expenses: [], openingCash: 500_000 }
}

/** Milliseconds of each run, after one run to warm up. */
async function timed(runs: number, run: () => unknown): Promise<number[]> {
  await run()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return times
}

export function dayCloseCompute(bills: number, runs: number): Promise<number[]> {
  const inputs = sessionInputs(bills)
  return timed(runs, () => dayCloseFigures(inputs))
}

/** A cached session's figures as the Day close and Sessions screens get them: read, then computed. */
export async function dayCloseFromCache(
  databaseName: string,
  sessionId: string,
  runs: number,
): Promise<number[]> {
  const db = new TillDatabase(databaseName)
  try {
    return await timed(runs, async () =>
      dayCloseFigures(await loadSessionInputs(db, { id: sessionId, openingCash: 500_000 })),
    )
  } finally {
    db.close()
  }
}
