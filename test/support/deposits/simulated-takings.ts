import fc from 'fast-check'
import { nextDate } from '../../../src-shared/domain/business-date'
import { basisPointsOf } from '../../../src-shared/domain/money'
import { addDays } from '../../../src-renderer/format/date-presets'
import {
  defaultDepositSettings,
  type BankRule,
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
  /** The shop's names of its locations, which worded lines may write. */
  locationNames: Record<string, string>
  locationAliases: Record<string, string[]>
  /** Rules a person taught from earlier decisions, which worded lines may meet. */
  bankRules: BankRule[]
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
  /** How the bank words the line paying this day (worded scenarios): see `textOf`. */
  style: number
  /** Noise before and after the words. */
  noise: [number, number]
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
  style: fc.integer({ min: 0, max: 11 }),
  noise: fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })),
})

/**
 * The scenarios; `worded`: each line written in one of several bank styles (nothing but a
 * reference; the method's words; with its location's name or alias; with the days it pays, in
 * ISO, day-first or month-name forms; a terminal id a person taught Till a rule for), amid noise,
 * always true to what the line pays.
 */
export const scenarios = (worded = false) =>
  fc
    .record({
      start: fc.integer({ min: 0, max: 700 }).map((n) => addDays('2026-01-01', n)),
      locations: fc.integer({ min: 1, max: 2 }),
      methods: fc.subarray(['cash', 'card', 'qris'], { minLength: 1 }),
      days: fc.integer({ min: 3, max: 15 }),
      seedDays: fc.array(dayArbitrary, { minLength: 90, maxLength: 90 }),
      batches: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 15, maxLength: 15 }),
    })
    .map((input) => simulate({ ...input, worded }))

const LOCATION_NAMES = ['Harbour Street', 'Market Hall']
const ALIASES = [['HBR'], ['Jl. Pasar Baru', 'MKT']]
const METHOD_WORDS: Record<string, string[]> = {
  cash: ['CASH DEPOSIT', 'SETORAN TUNAI', 'CDM CASH IN'],
  card: ['CARD SETTLEMENT', 'EDC VISA MASTERCARD', 'MERCHANT CARD'],
  qris: ['QRIS SETTLEMENT', 'QRIS', 'SETTLEMENT QRIS MERCHANT'],
}
const NOISE = ['', 'BI-FAST', 'PT BANK NUSANTARA', 'REF 8812004', 'TRX 55AB12', 'KR OTOMATIS']
const MONTH_NAMES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
]

/** The days a line pays, as a bank may write them; `form` picks the way. */
function daysText(dates: string[], form: number): string {
  const first = dates[0]!
  const last = dates[dates.length - 1]!
  const dmy = (d: string) => `${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}`
  const dots = (d: string) => `${d.slice(8)}.${d.slice(5, 7)}.${d.slice(2, 4)}`
  const month = (d: string) => MONTH_NAMES[Number(d.slice(5, 7)) - 1]!
  if (first === last)
    return [first, dmy(first), dots(first), `${Number(first.slice(8))} ${month(first)}`][form % 4]!
  if (form % 3 === 2 && first.slice(0, 7) === last.slice(0, 7))
    return `${first.slice(8)}-${last.slice(8)} ${month(first)}`
  return form % 3 === 1 ? `${dots(first)} - ${dots(last)}` : `${first}..${last}`
}

/** A line's text in one of the bank styles of `scenarios(true)`, with the rule it may need. */
function textOf(
  truth: { method: string; location: number; dates: string[] },
  day: DaySeed,
  id: string,
): { text: string; rule?: BankRule } {
  const words = METHOD_WORDS[truth.method]!
  const method = words[day.style % words.length]!
  const names = [LOCATION_NAMES[truth.location]!, ...ALIASES[truth.location]!]
  const place = names[day.style % names.length]!.toUpperCase()
  const days = daysText(truth.dates, day.style)
  const style = day.style % 6
  const terminal = `TID ${truth.location}${Object.keys(METHOD_WORDS).indexOf(truth.method)}0447`
  const body = [
    id,
    method,
    `${method} ${place}`,
    `${method} ${days}`,
    `${method} ${place} ${days}`,
    `PAYOUT ${terminal}`,
  ][style]!
  const text = [NOISE[day.noise[0]], body, NOISE[day.noise[1]]].filter(Boolean).join(' ')
  if (style !== 5) return { text }
  return {
    text,
    rule: {
      id: terminal,
      bankAccountId: 'main',
      contains: terminal.toLowerCase(),
      methods: [truth.method],
      locationIds: [`loc${truth.location}`],
    },
  }
}

function simulate(input: {
  start: string
  locations: number
  methods: string[]
  days: number
  seedDays: DaySeed[]
  batches: number[]
  worded: boolean
}): Scenario {
  const expected: ExpectedDeposit[] = []
  const lines: KeptLine[] = []
  const truths: Truth[] = []
  const rules = new Map<string, BankRule>()
  let draw = 0
  const nextDay = () => input.seedDays[draw++ % input.seedDays.length]!
  const bank = (
    paid: { deposit: ExpectedDeposit; day: DaySeed }[],
    date: string,
    amounts: number[],
  ) => {
    const { deposit, day } = paid[paid.length - 1]!
    const lineIds = amounts.map((a, i) => {
      const id = `l${lines.length}`
      const line = bankLine(id, i === 0 ? date : nextDate(date), a)
      if (input.worded) {
        const truth = {
          method: deposit.method,
          location: Number(deposit.locationId.slice(3)),
          dates: [paid[0]!.deposit.businessDate, deposit.businessDate],
        }
        const { text, rule } = textOf(truth, day, id)
        line.text = text
        if (rule) rules.set(rule.id, rule)
      }
      lines.push(line)
      return id
    })
    truths.push({ lineIds, expectedIds: paid.map((p) => p.deposit.id) })
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
          bank([{ deposit, day }], date, first === banked ? [banked] : [first, banked - first])
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
          bank(batch, addDays(last.deposit.dueDate, last.day.late), [gross - fee])
        }
    }
  const locations = Array.from({ length: input.locations }, (_, l) => `loc${l}`)
  return {
    expected,
    lines,
    truths,
    locationNames: Object.fromEntries(locations.map((id, l) => [id, LOCATION_NAMES[l]!])),
    locationAliases: Object.fromEntries(locations.map((id, l) => [id, ALIASES[l]!])),
    bankRules: [...rules.values()],
  }
}
