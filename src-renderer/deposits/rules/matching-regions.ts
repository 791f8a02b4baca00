import {
  depositGroup,
  lineRef,
  lineRefsOf,
  matchAndRead,
  matchDeposits,
  matchId,
  matchingReadings,
  MAX_RUN_DAYS,
} from './matching'
import type { DepositMatch, KeptLine, MatchInput, MatchResult, Reading } from './matching'
import type { ExpectedDeposit } from './expected-deposits'

/**
 * Matching again only where the inputs changed (docs/ledger.md#matching-again), with the result of
 * a whole matching. The rounds settle a reading by the readings sharing a line or a deposit with
 * it, and those by theirs: lines and deposits linked by readings form regions, and a region
 * whose lines and deposits are all as they were is matched as it was. A region is matched again
 * when any of its lines or deposits changed, came, went, or stood in a match kept, unmatched or
 * refused since, or in one the last matching made; a deposit that changed also unsettles the
 * deposits of its group within a run's reach, as runs of days are read over what lies between.
 */

/** A matching and what the next one needs to redo only what changed. */
export interface MatchRun {
  input: MatchInput
  result: MatchResult
  regions: Regions
}

export interface Rematch {
  run: MatchRun
  /** The deposits and lines matched again. */
  redone: { expected: number; lines: number }
}

interface Regions {
  /** A line's or deposit's key → its region's members. */
  of: Map<string, readonly string[]>
}

const DAY_MS = 86_400_000
/** A line's key in the regions, by its `lineRef` (an account's ids are its own). */
const lineKey = (ref: string): string => `line\u0000${ref}`
const expectedKey = (id: string): string => `expected\u0000${id}`

/** Matches `input`: the regions `previous` left as they were keep its offers. */
export function rematchDeposits(previous: MatchRun | null, input: MatchInput): Rematch {
  const whole = (): Rematch => {
    // One pass: the readings of a whole matching give the regions for the next.
    const { result, readings } = matchAndRead(input)
    return {
      run: { input, result, regions: regionsOf(input, readings) },
      redone: { expected: input.expected.length, lines: input.lines.length },
    }
  }
  if (
    previous === null ||
    !same(previous.input.settings, input.settings) ||
    !same(previous.input.locationNames, input.locationNames)
  )
    return whole()
  const unsettled = changedKeys(previous, input)
  // Finding the regions as they are now costs most of a whole matching: when the change reaches
  // most of the shop, as in a busy bank account whose readings link nearly every line, a whole
  // matching costs no more.
  if (reach(previous.regions, unsettled) * 2 > input.expected.length + input.lines.length)
    return whole()
  const regions = regionsOf(input, matchingReadings(input))
  const redo = new Set<string>()
  const taken = new Set<readonly string[]>()
  const take = (region: readonly string[] | undefined) => {
    if (!region || taken.has(region)) return
    taken.add(region)
    for (const member of region) redo.add(member)
  }
  for (const key of unsettled) {
    take(regions.of.get(key))
    // A region it was in before may since have split: each part is redone.
    const before = previous.regions.of.get(key)
    if (before && !taken.has(before)) {
      taken.add(before)
      for (const member of before) take(regions.of.get(member))
    }
  }
  const matchable = new Set(
    input.expected.filter((e) => redo.has(expectedKey(e.id))).map((e) => e.id),
  )
  const lines = input.lines.filter((l) => redo.has(lineKey(lineRef(l))))
  // Every deposit is read, the others than those redone only as what breaks a run of days.
  const redone = matchDeposits({ ...input, lines, matchable })
  const untouched = (refs: readonly string[]) =>
    refs.every((ref) => !redo.has(lineKey(ref)) && !unsettled.has(lineKey(ref)))
  const result: MatchResult = {
    matches: redone.matches,
    offers: [...previous.result.offers.filter((o) => untouched(lineRefsOf(o))), ...redone.offers],
  }
  return {
    run: { input, result, regions },
    redone: { expected: matchable.size, lines: lines.length },
  }
}

/** How many lines and deposits the regions of `keys` held. */
function reach(regions: Regions, keys: Iterable<string>): number {
  const seen = new Set<readonly string[]>()
  let count = 0
  for (const key of keys) {
    const region = regions.of.get(key)
    if (!region || seen.has(region)) continue
    seen.add(region)
    count += region.length
  }
  return count
}

/** Lines and deposits of `input` linked by `readings`, each with its region. */
function regionsOf(input: MatchInput, readings: readonly Reading[]): Regions {
  const parent = new Map<string, string>()
  const root = (key: string): string => {
    let top = key
    while (parent.get(top) !== top) top = parent.get(top)!
    for (let at = key; at !== top;) {
      const up = parent.get(at)!
      parent.set(at, top)
      at = up
    }
    return top
  }
  for (const e of input.expected) parent.set(expectedKey(e.id), expectedKey(e.id))
  for (const l of input.lines) parent.set(lineKey(lineRef(l)), lineKey(lineRef(l)))
  for (const reading of readings) {
    const [first, ...rest] = [
      ...lineRefsOf({ bankAccountId: reading.bankAccountId, bankLineIds: reading.lineIds }).map(
        lineKey,
      ),
      ...reading.expectedIds.map(expectedKey),
    ]
    for (const key of rest) parent.set(root(key), root(first!))
  }
  const members = new Map<string, string[]>()
  for (const key of parent.keys()) {
    const top = root(key)
    let list = members.get(top)
    if (!list) members.set(top, (list = []))
    list.push(key)
  }
  const of = new Map<string, readonly string[]>()
  for (const list of members.values()) for (const key of list) of.set(key, list)
  return { of }
}

/**
 * Keys of the lines and deposits whose matching may differ from the last: changed, come or gone;
 * in a match kept, dropped or refused since, or made by the last matching; and the deposits a
 * run of days could join to a deposit so changed.
 */
function changedKeys(previous: MatchRun, input: MatchInput): Set<string> {
  const keys = new Set<string>()
  const lines = changedIds<KeptLine>(previous.input.lines, input.lines, lineRef)
  for (const ref of lines) keys.add(lineKey(ref))
  const expected = changedIds<ExpectedDeposit>(previous.input.expected, input.expected)
  const made = previous.result.matches.slice(previous.input.kept.length)
  const matches = [...changedIds<DepositMatch>(previous.input.kept, input.kept)]
  const byId = new Map([...previous.input.kept, ...input.kept].map((m) => [m.id, m]))
  for (const match of [...matches.map((id) => byId.get(id)!), ...made]) {
    for (const ref of lineRefsOf(match)) keys.add(lineKey(ref))
    for (const id of match.expectedIds) expected.add(id)
  }
  const refused = new Set(previous.input.refused)
  const nowRefused = new Set(input.refused)
  const refusedChanged = [
    ...input.refused.filter((id) => !refused.has(id)),
    ...previous.input.refused.filter((id) => !nowRefused.has(id)),
  ]
  // A refusal names its account and its lines joined by '+': a line of that account whose id is
  // in the name may be one.
  if (refusedChanged.length > 0)
    for (const line of [...previous.input.lines, ...input.lines])
      if (
        refusedChanged.some(
          (id) => id.startsWith(matchId(line.bankAccountId, [])) && id.includes(line.id),
        )
      )
        keys.add(lineKey(lineRef(line)))
  for (const id of expected) keys.add(expectedKey(id))
  for (const e of withinARun([...previous.input.expected, ...input.expected], expected))
    keys.add(expectedKey(e.id))
  return keys
}

/** Keys (`keyOf`, the id unless told) of the items of `before` or `after` not the same in both. */
function changedIds<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string = (item) => item.id,
): Set<string> {
  const was = new Map(before.map((item) => [keyOf(item), item]))
  const is = new Map(after.map((item) => [keyOf(item), item]))
  const changed = new Set<string>()
  for (const [id, item] of was) if (!same(item, is.get(id))) changed.add(id)
  for (const id of is.keys()) if (!was.has(id)) changed.add(id)
  return changed
}

/** The deposits of `list` in the group of one of `ids` (in `list`) and within a run's days of it. */
function withinARun(list: readonly ExpectedDeposit[], ids: ReadonlySet<string>): ExpectedDeposit[] {
  const day = (e: ExpectedDeposit) => Date.parse(`${e.businessDate}T00:00:00Z`) / DAY_MS
  const around = new Map<string, number[]>()
  for (const e of list)
    if (ids.has(e.id)) around.set(depositGroup(e), [...(around.get(depositGroup(e)) ?? []), day(e)])
  return list.filter((e) =>
    (around.get(depositGroup(e)) ?? []).some((d) => Math.abs(day(e) - d) < MAX_RUN_DAYS),
  )
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
