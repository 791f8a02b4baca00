import fc from 'fast-check'
import { nextDate } from '../../../src-shared/domain/business-date'
import { basisPointsOf } from '../../../src-shared/domain/money'
import { addDays } from '../../../src-renderer/format/date-presets'
import {
  defaultDepositSettings,
  type DepositSettings,
} from '../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../src-renderer/deposits/rules/expected-deposits'
import type { KeptLine } from '../../../src-renderer/deposits/rules/matching'
import { bankLine, expectedDeposit } from '../deposits'

/**
 * A simulated shop's takings and what its bank shows of them: card and QRIS settled after a lag,
 * less a fee near the estimate, one to five days a line (a day without takings of the method
 * inside the batch); cash banked whole, short or over, now and then in two lines; some money not
 * banked yet. Every line knows what it truly pays.
 */

const FEE_BASIS_POINTS: Record<string, number> = { card: 200, qris: 70 }
const LAG_DAYS: Record<string, number> = { cash: 1, card: 2, qris: 1 }

/** The default settings with a tight tolerance (0.1 %), as the simulated bank keeps near it. */
export function simulatedSettings(): DepositSettings {
  const settings = defaultDepositSettings('IDR')
  settings.tolerance = { basisPoints: 10, fixed: 0 }
  return settings
}

export interface Truth {
  lineIds: string[]
  expectedIds: string[]
}

export interface Scenario {
  expected: ExpectedDeposit[]
  lines: KeptLine[]
  truths: Truth[]
}

/** A day's takings, spread evenly over four orders of magnitude (10,000 to 100 million). */
const amount = fc
  .integer({ min: 4, max: 7 })
  .chain((exponent) => fc.integer({ min: 10 ** exponent, max: 10 ** (exponent + 1) - 1 }))
/** How far the processor's fee or the cash banked is off the estimate, in basis points. */
const deviation = fc.integer({ min: -8, max: 8 })

interface DaySeed {
  gross: number
  deviation: number
  late: number
  splitPercent: number | null
  notBankedYet: boolean
  /** No takings of the method that day: nothing expected. */
  noTakings: boolean
}

const dayArbitrary: fc.Arbitrary<DaySeed> = fc.record({
  gross: amount,
  deviation,
  /** Days after the due date the bank books the line (the window allows up to five). */
  late: fc.integer({ min: 0, max: 5 }),
  /** Cash only: banked in two lines, the first taking this share in percent. */
  splitPercent: fc.option(fc.integer({ min: 10, max: 90 }), { freq: 4 }),
  notBankedYet: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  noTakings: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
})

export const scenarios = () =>
  fc
    .record({
      start: fc.integer({ min: 0, max: 700 }).map((n) => addDays('2026-01-01', n)),
      locations: fc.integer({ min: 1, max: 2 }),
      methods: fc.subarray(['cash', 'card', 'qris'], { minLength: 1 }),
      days: fc.integer({ min: 3, max: 15 }),
      seedDays: fc.array(dayArbitrary, { minLength: 90, maxLength: 90 }),
      batches: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 15, maxLength: 15 }),
    })
    .map(simulate)

function simulate(input: {
  start: string
  locations: number
  methods: string[]
  days: number
  seedDays: DaySeed[]
  batches: number[]
}): Scenario {
  const expected: ExpectedDeposit[] = []
  const lines: KeptLine[] = []
  const truths: Truth[] = []
  let draw = 0
  const nextDay = () => input.seedDays[draw++ % input.seedDays.length]!
  const bank = (ids: string[], date: string, amounts: number[]) => {
    const lineIds = amounts.map((a, i) => {
      const id = `l${lines.length}`
      lines.push(bankLine(id, i === 0 ? date : nextDate(date), a))
      return id
    })
    truths.push({ lineIds, expectedIds: ids })
  }
  for (let l = 0; l < input.locations; l++)
    for (const method of input.methods) {
      const deposits: { deposit: ExpectedDeposit; day: DaySeed }[] = []
      let date = input.start
      for (let d = 0; d < input.days; d++, date = nextDate(date)) {
        const day = nextDay()
        if (day.noTakings) continue
        const fee = basisPointsOf(day.gross, FEE_BASIS_POINTS[method] ?? 0)
        const deposit = expectedDeposit(method, `loc${l}`, date, day.gross, {
          fee,
          lagDays: LAG_DAYS[method]!,
        })
        expected.push(deposit)
        deposits.push({ deposit, day })
      }
      if (method === 'cash')
        for (const { deposit, day } of deposits) {
          if (day.notBankedYet) continue
          const banked = deposit.gross - Math.trunc((deposit.gross * day.deviation) / 10_000)
          const date = addDays(deposit.dueDate, Math.min(day.late, 4))
          const first =
            day.splitPercent === null ? banked : Math.trunc((banked * day.splitPercent) / 100)
          bank([deposit.id], date, first === banked ? [banked] : [first, banked - first])
        }
      else
        for (let i = 0, b = 0; i < deposits.length; b++) {
          // A batch covers at most a week of takings.
          const weekEnd = addDays(deposits[i]!.deposit.businessDate, 6)
          const batch = deposits
            .slice(i, i + input.batches[b % input.batches.length]!)
            .filter((d) => d.deposit.businessDate <= weekEnd)
          i += batch.length
          const last = batch[batch.length - 1]!
          if (last.day.notBankedYet) continue
          const gross = batch.reduce((sum, d) => sum + d.deposit.gross, 0)
          const fee = batch.reduce(
            (sum, d) =>
              sum +
              Math.max(
                0,
                d.deposit.expectedFee + Math.trunc((d.deposit.gross * d.day.deviation) / 10_000),
              ),
            0,
          )
          bank(
            batch.map((d) => d.deposit.id),
            addDays(last.deposit.dueDate, last.day.late),
            [gross - fee],
          )
        }
    }
  return { expected, lines, truths }
}
