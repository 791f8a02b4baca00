import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  toleranceFor,
  type DepositSettings,
} from '../../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../../src-renderer/deposits/rules/expected-deposits'
import { matchDeposits, type KeptLine } from '../../../../src-renderer/deposits/rules/matching'
import { addDays } from '../../../../src-renderer/format/date-presets'
import { lineWords, type LineWords } from '../../../../src-renderer/deposits/rules/line-words'
import { addBusinessDays } from '../../../../src-renderer/deposits/rules/business-days'
import { FUZZ_SEED, PROPERTY_TIMEOUT_MS } from '../../../support/fuzz-settings'
import {
  scenarios,
  simulatedSettings,
  type Scenario,
  type Truth,
} from '../../../support/deposits/simulated-takings'

const settings = simulatedSettings()

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

const key = (t: Truth) =>
  `${[...t.lineIds].sort().join('+')} = ${[...t.expectedIds].sort().join(' ')}`

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

const readWords = new WeakMap<KeptLine, LineWords>()

/** A line's words, read once. */
function wordsOf(scenario: Scenario, lineId: string): LineWords {
  const line = scenario.lines.find((l) => l.id === lineId)!
  let words = readWords.get(line)
  if (!words) readWords.set(line, (words = lineWords(line, scenario)))
  return words
}

/**
 * Whether a line's words allow a reading, as docs/ledger.md#matching says: the method and location
 * of each deposit allowed; where the line names days, each day of the reading named and each named
 * day on which its method and location expect takings in the reading.
 */
function wordsAllow(scenario: Scenario, reading: Truth): boolean {
  const run = reading.expectedIds.map((id) => scenario.expected.find((e) => e.id === id)!)
  return reading.lineIds.every((lineId) => {
    const words = wordsOf(scenario, lineId)
    if (!run.every((e) => words.allowsMethod(e.method) && words.allowsLocation(e.locationId)))
      return false
    if (words.dates === null) return true
    const days = run.map((e) => e.businessDate)
    const expectedOn = (day: string) =>
      scenario.expected.some(
        (e) =>
          e.method === run[0]!.method &&
          e.locationId === run[0]!.locationId &&
          e.businessDate === day,
      )
    return (
      days.every((day) => words.dates!.has(day)) &&
      [...words.dates].every((day) => days.includes(day) || !expectedOn(day))
    )
  })
}

const namesDays = (scenario: Scenario, lineId: string) => wordsOf(scenario, lineId).dates !== null

/**
 * Unambiguous: the readings the rules and the lines' words allow are exactly the true ones, and
 * no day of a batch whose line does not name its days is so small against the tolerance that
 * the batch would fit as well without it.
 */
function unambiguous(scenario: Scenario, s: DepositSettings): boolean {
  const all = allReadings(scenario, s)
  const whole = all.whole.filter((r) => wordsAllow(scenario, r))
  const split = all.split.filter((r) => wordsAllow(scenario, r))
  const byId = new Map(scenario.expected.map((e) => [e.id, e]))
  for (const reading of whole) {
    const run = reading.expectedIds.map((id) => byId.get(id)!)
    const tolerance = run.reduce((sum, e) => sum + toleranceFor(s, e.gross), 0)
    if (namesDays(scenario, reading.lineIds[0]!)) continue
    if (run.length > 1 && run.some((e) => e.amount <= 2 * tolerance)) return false
  }
  const readings = new Set([...whole, ...split].map(key))
  const truths = new Set(scenario.truths.map(key))
  return readings.size === truths.size && [...truths].every((t) => readings.has(t))
}

function run(scenario: Scenario, s: DepositSettings = settings) {
  return matchDeposits({
    expected: scenario.expected,
    lines: scenario.lines,
    kept: [],
    refused: [],
    settings: { ...s, locationAliases: scenario.locationAliases, bankRules: scenario.bankRules },
    locationNames: scenario.locationNames,
  })
}

const runs = Number(process.env.TILL_DEPOSIT_RUNS ?? 150)
/** Worded scenarios: 6,000 by default (about 16 s of CPU). */
const wordedRuns = Number(process.env.TILL_DEPOSIT_RUNS ?? 6_000)

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

describe('matching simulated takings worded as banks write them, with rules a person taught', () => {
  it(
    'never matches wrongly (precision 100 %), and matches every line the words make unambiguous',
    () => {
      let matched = 0
      let unambiguousCases = 0
      let narrowed = 0
      fc.assert(
        fc.property(scenarios(true), (scenario) => {
          const truths = new Set(scenario.truths.map(key))
          const { matches } = run(scenario)
          for (const m of matches) {
            matched++
            expect(truths.has(key({ lineIds: m.bankLineIds, expectedIds: m.expectedIds }))).toBe(
              true,
            )
          }
          if (!unambiguous(scenario, settings)) return
          unambiguousCases++
          // Counted: cases only the words make unambiguous.
          const blank = scenario.lines.map((l) => ({ ...l, text: '' }))
          if (!unambiguous({ ...scenario, lines: blank }, settings)) narrowed++
          const found = new Set(
            matches.map((m) => key({ lineIds: m.bankLineIds, expectedIds: m.expectedIds })),
          )
          expect(scenario.truths.map(key).filter((t) => !found.has(t))).toEqual([])
        }),
        { numRuns: wordedRuns, seed: FUZZ_SEED },
      )
      expect(matched).toBeGreaterThan(wordedRuns)
      expect(narrowed).toBeGreaterThan(wordedRuns / 50)
      expect(unambiguousCases).toBeGreaterThan(narrowed)
    },
    PROPERTY_TIMEOUT_MS,
  )
})
