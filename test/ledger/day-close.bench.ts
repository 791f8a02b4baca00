import { bench, describe } from 'vitest'
import { dayCloseFigures, type SessionPayment } from '../../src-renderer/ledger/day-close'
import { salesByHour } from '../../src-renderer/ledger/day-charts'
import { makeBill } from './bill-factory'

/**
 * Day-close computation over large sessions, pure (no IndexedDB): `npx vitest bench --run
 * test/ledger/day-close.bench.ts`.
 */

const METHODS = ['cash', 'card', 'qris', 'bank_transfer', 'e_wallet']
const START = Date.UTC(2026, 10, 1, 1, 0)

function session(bills: number) {
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

describe('day-close figures', () => {
  const small = session(5_000)
  const month = session(300_000)
  bench('a 5,000-bill session', () => {
    dayCloseFigures(small)
  })
  bench('its sales by hour', () => {
    salesByHour(small.bills, 'Asia/Jakarta')
  })
  bench(
    'a 300,000-bill month',
    () => {
      dayCloseFigures(month)
    },
    { iterations: 5, time: 0 },
  )
})
