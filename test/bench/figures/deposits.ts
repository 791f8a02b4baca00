import { nextDate } from '../../../src-shared/domain/business-date'
import { basisPointsOf } from '../../../src-shared/domain/money'
import { addBusinessDays } from '../../../src-renderer/deposits/rules/business-days'
import { defaultDepositSettings } from '../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../src-renderer/deposits/rules/expected-deposits'
import { matchDeposits, type KeptLine } from '../../../src-renderer/deposits/rules/matching'
import type { Figure } from '../results'
import { median } from '../stats'

/**
 * Matching a year of deposits (issue 26): five locations, four methods, one bank account; card,
 * QRIS and e-wallet money batched over one or two days less a fee near the estimate, cash
 * banked the next business day, now and then short or in two lines, and the account's other
 * traffic (money out, unrelated money in). Generated from a fixed seed, matched in this process.
 */

const LOCATIONS = 5
const DAYS = 365
const METHODS = { cash: [1, 0], card: [2, 200], qris: [1, 70], e_wallet: [1, 150] } as const

/** A small deterministic generator (mulberry32), so every run matches the same year. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function yearOfDeposits(): { expected: ExpectedDeposit[]; lines: KeptLine[] } {
  const next = random(26)
  const between = (low: number, high: number) => Math.floor(low + next() * (high - low))
  const expected: ExpectedDeposit[] = []
  const lines: KeptLine[] = []
  const bank = (date: string, amount: number) =>
    lines.push({
      id: `line-${lines.length}`,
      date,
      amount,
      currency: 'IDR',
      text: 'bench',
      bankAccountId: 'main',
    })
  for (let location = 0; location < LOCATIONS; location++)
    for (const [method, [lagDays, feeBasisPoints]] of Object.entries(METHODS)) {
      let batch: ExpectedDeposit[] = []
      let batchSize = between(1, 3)
      let date = '2025-01-01'
      for (let day = 0; day < DAYS; day++, date = nextDate(date)) {
        const gross = between(500, 50_000) * 1_000
        const fee = basisPointsOf(gross, feeBasisPoints)
        const deposit: ExpectedDeposit = {
          id: `${method}|loc${location}|${date}`,
          method,
          locationId: `loc${location}`,
          businessDate: date,
          dueDate: addBusinessDays(date, lagDays),
          bankAccountId: 'main',
          currency: 'IDR',
          gross,
          expectedFee: fee,
          amount: gross - fee,
          sessionIds: [`session-${location}-${date}`],
        }
        expected.push(deposit)
        if (method === 'cash') {
          const banked = gross - (next() < 0.1 ? between(1, 50) * 100 : 0)
          if (next() < 0.1) {
            const first = Math.floor(banked / 3)
            bank(deposit.dueDate, first)
            bank(deposit.dueDate, banked - first)
          } else bank(deposit.dueDate, banked)
          continue
        }
        batch.push(deposit)
        if (batch.length < batchSize) continue
        const total = batch.reduce((sum, d) => sum + d.gross, 0)
        const fees = batch.reduce((sum, d) => sum + d.expectedFee, 0)
        bank(deposit.dueDate, total - fees + (next() < 0.3 ? between(-20, 20) * 10 : 0))
        batch = []
        batchSize = between(1, 3)
      }
    }
  for (let day = 0, date = '2025-01-01'; day < DAYS; day++, date = nextDate(date))
    for (let n = 0; n < 6; n++) bank(date, (next() < 0.7 ? -1 : 1) * between(100, 100_000) * 100)
  return { expected, lines }
}

export function measureDepositMatching(): Figure[] {
  const { expected, lines } = yearOfDeposits()
  const settings = defaultDepositSettings('IDR')
  const seconds: number[] = []
  const cpuSeconds: number[] = []
  let matched = 0
  let offered = 0
  for (let run = 0; run < 3; run++) {
    const started = performance.now()
    const cpu = process.cpuUsage()
    const result = matchDeposits({ expected, lines, kept: [], refused: [], settings })
    seconds.push((performance.now() - started) / 1000)
    const used = process.cpuUsage(cpu)
    cpuSeconds.push((used.user + used.system) / 1e6)
    matched = result.matches.length
    offered = result.offers.length
  }
  return [
    {
      id: 'deposits',
      key: 'deposits.match.seconds',
      label: `match a year of deposits: ${expected.length.toLocaleString('en-US')} expected, ${lines.length.toLocaleString('en-US')} bank lines (median of 3)`,
      value: Number(median(seconds).toFixed(3)),
      unit: 's',
      target: { at: 'most', value: 1 },
      note: `${matched.toLocaleString('en-US')} matched, ${offered.toLocaleString('en-US')} offered; ${median(cpuSeconds).toFixed(3)} s of CPU (the machine may be shared)`,
    },
  ]
}
