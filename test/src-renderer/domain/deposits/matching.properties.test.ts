import fc from 'fast-check'
import { basisPointsOf } from '../../../../src-shared/domain/money'
import { describe, expect, it } from 'vitest'
import { nextDate } from '../../../../src-shared/domain/business-date'
import {
  defaultDepositSettings,
  toleranceFor,
  type DepositSettings,
} from '../../../../src-renderer/domain/deposits/deposit-settings'
import type { ExpectedDeposit } from '../../../../src-renderer/domain/deposits/expected-deposits'
import {
  matchDeposits,
  matchId,
  type KeptLine,
} from '../../../../src-renderer/domain/deposits/matching'
import { addDays } from '../../../../src-renderer/domain/calendar/date-presets'
import { addBusinessDays } from '../../../../src-renderer/domain/deposits/business-days'
import { bankLine, expectedDeposit } from '../../../support/deposits'
import { FUZZ_SEED } from '../../../support/fuzz-settings'

/**
 * A simulated shop's takings and what its bank shows of them: card and QRIS settled after a lag,
 * less a fee near the estimate, one to five days a line (a day without takings of the method
 * inside the batch); cash banked whole, short or over, now and then in two lines; some money not
 * banked yet. Every line knows what it truly pays.
 */

const FEE_BASIS_POINTS: Record<string, number> = { card: 200, qris: 70 }
const LAG_DAYS: Record<string, number> = { cash: 1, card: 2, qris: 1 }

function settingsForTest(): DepositSettings {
  const settings = defaultDepositSettings('IDR')
  settings.tolerance = { basisPoints: 10, fixed: 0 }
  return settings
}
const settings = settingsForTest()

interface Truth {
  lineIds: string[]
  expectedIds: string[]
}

interface Scenario {
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

const scenarios = () =>
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

// The shapes the rules allow, found by brute force over every line and deposit (no index).

/** What a line or two must come to, and when, to pay a run of expected deposits. */
interface Reading {
  run: ExpectedDeposit[]
  from: string
  to: string
  due: number
  gross: number
  tolerance: number
  cash: boolean
}

function readingOf(run: ExpectedDeposit[], s: DepositSettings): Reading {
  const last = run[run.length - 1]!
  return {
    run,
    from: addDays(last.dueDate, -s.window.daysBefore),
    to: addDays(last.dueDate, s.window.daysAfter),
    due: run.reduce((sum, e) => sum + e.amount, 0),
    gross: run.reduce((sum, e) => sum + e.gross, 0),
    tolerance: run.reduce((sum, e) => sum + toleranceFor(s, e.gross), 0),
    cash: run.every((e) => e.method === 'cash'),
  }
}

function fits(reading: Reading, lines: KeptLine[]): boolean {
  const banked = lines.reduce((sum, l) => sum + l.amount, 0)
  return (
    lines.every((l) => l.date >= reading.from && l.date <= reading.to) &&
    Math.abs(banked - reading.due) <= reading.tolerance &&
    (reading.cash || banked <= reading.gross)
  )
}

/** Runs of 1–5 deposits of a method and location with none of theirs between, within a week. */
function runsOf(expected: ExpectedDeposit[]): ExpectedDeposit[][] {
  const runs: ExpectedDeposit[][] = []
  for (const first of expected) {
    const later = expected
      .filter(
        (e) =>
          e.method === first.method &&
          e.locationId === first.locationId &&
          e.businessDate >= first.businessDate &&
          e.businessDate <= addDays(first.businessDate, 6),
      )
      .sort((a, b) => (a.businessDate < b.businessDate ? -1 : 1))
    for (let size = 1; size <= Math.min(5, later.length); size++) runs.push(later.slice(0, size))
  }
  return runs
}

const key = (t: Truth) => `${matchId(t.lineIds)} = ${[...t.expectedIds].sort().join(' ')}`

/** Every reading of the lines the rules allow: single lines against runs of 1–5 days, and
 *  pairs of lines booked on the same or the next business day against one cash deposit. */
function allReadings(scenario: Scenario, s: DepositSettings): { whole: Truth[]; split: Truth[] } {
  const runs = runsOf(scenario.expected).map((run) => readingOf(run, s))
  const whole: Truth[] = []
  for (const line of scenario.lines)
    for (const r of runs)
      if (fits(r, [line])) whole.push({ lineIds: [line.id], expectedIds: r.run.map((e) => e.id) })
  const split: Truth[] = []
  const singles = scenario.expected.filter((e) => e.method === 'cash').map((e) => readingOf([e], s))
  scenario.lines.forEach((first, i) => {
    for (const second of scenario.lines.slice(i + 1)) {
      const [earlier, later] = [first.date, second.date].sort()
      if (later! > addBusinessDays(earlier!, 1)) continue
      for (const single of singles)
        if (fits(single, [first, second]))
          split.push({ lineIds: [first.id, second.id], expectedIds: [single.run[0]!.id] })
    }
  })
  return { whole, split }
}

/**
 * Unambiguous: the readings the rules allow are exactly the true ones, and no day of a batch is
 * so small against the tolerance that the batch would fit as well without it.
 */
function unambiguous(scenario: Scenario, s: DepositSettings): boolean {
  const { whole, split } = allReadings(scenario, s)
  const byId = new Map(scenario.expected.map((e) => [e.id, e]))
  for (const reading of whole) {
    const run = reading.expectedIds.map((id) => byId.get(id)!)
    const tolerance = run.reduce((sum, e) => sum + toleranceFor(s, e.gross), 0)
    if (run.length > 1 && run.some((e) => e.amount <= 2 * tolerance)) return false
  }
  const readings = new Set([...whole, ...split].map(key))
  const truths = new Set(scenario.truths.map(key))
  return readings.size === truths.size && [...truths].every((t) => readings.has(t))
}

function run(scenario: Scenario, s: DepositSettings = settings) {
  return matchDeposits({ ...scenario, kept: [], refused: [], settings: s })
}

const runs = Number(process.env.TILL_DEPOSIT_RUNS ?? 150)

describe('matching simulated takings and deposits', () => {
  it('never matches wrongly (precision 100 %), splits included', () => {
    let matched = 0
    fc.assert(
      fc.property(scenarios(), (scenario) => {
        const truths = new Set(scenario.truths.map(key))
        for (const m of run(scenario).matches) {
          matched++
          expect(truths.has(key({ lineIds: m.bankLineIds, expectedIds: m.expectedIds }))).toBe(true)
        }
      }),
      { numRuns: runs, seed: FUZZ_SEED },
    )
    expect(matched).toBeGreaterThan(150)
  })

  it('finds every match when the case is unambiguous (recall 100 %)', () => {
    let checked = 0
    fc.assert(
      fc.property(scenarios(), (scenario) => {
        if (!unambiguous(scenario, settings)) return
        checked++
        const found = new Set(
          run(scenario).matches.map((m) =>
            key({ lineIds: m.bankLineIds, expectedIds: m.expectedIds }),
          ),
        )
        expect([...scenario.truths.map(key)].filter((t) => !found.has(t))).toEqual([])
      }),
      { numRuns: runs, seed: FUZZ_SEED },
    )
    expect(checked).toBeGreaterThan(15)
  })

  it('never matches automatically a line two equal deposits could be', () => {
    fc.assert(
      fc.property(scenarios(), fc.nat(), (scenario, pick) => {
        const truth = scenario.truths[pick % Math.max(1, scenario.truths.length)]
        fc.pre(truth !== undefined && truth.lineIds.length === 1 && truth.expectedIds.length === 1)
        const original = scenario.expected.find((e) => e.id === truth!.expectedIds[0])!
        const twin = {
          ...original,
          id: `${original.id}|twin`,
          locationId: `${original.locationId}-twin`,
        }
        const { matches, offers } = run({ ...scenario, expected: [...scenario.expected, twin] })
        const claimed = matches.filter(
          (m) =>
            m.bankLineIds.includes(truth!.lineIds[0]!) ||
            m.expectedIds.includes(original.id) ||
            m.expectedIds.includes(twin.id),
        )
        expect(claimed).toEqual([])
        expect(offers.some((o) => o.bankLineIds.includes(truth!.lineIds[0]!))).toBe(true)
      }),
      { numRuns: 150, seed: FUZZ_SEED },
    )
  })
})
