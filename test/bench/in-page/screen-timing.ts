/**
 * Times what a person sees: from the input event that starts a change (its own timestamp) to the
 * first animation frame at which the screen shows the result. The page's DOM is reached through
 * the few members used here, as this file is type-checked with the Node project.
 */

interface Element {
  textContent: string | null
  getAttribute(name: string): string | null
  querySelector(selector: string): Element | null
  querySelectorAll(selector: string): ArrayLike<Element>
  getBoundingClientRect(): { top: number }
}
interface PageGlobals {
  document: Element & {
    addEventListener(
      type: string,
      listener: (event: { timeStamp: number }) => void,
      capture: boolean,
    ): void
    removeEventListener(
      type: string,
      listener: (event: { timeStamp: number }) => void,
      capture: boolean,
    ): void
  }
  requestAnimationFrame(callback: (time: number) => void): number
  innerHeight: number
}
const page = globalThis as unknown as PageGlobals

export interface ScreenState {
  /** A snapshot of what the screen shows: a change that alters it is visibly done once settled. */
  snapshot: string
  /** Whether the screen shows a finished result (rows present, nothing busy). */
  settled: boolean
}

export type ScreenProbe = 'bills' | 'bills-rows' | 'session-bills' | 'sessions' | 'sessions-figures'

const sessionRows = (): ArrayLike<Element> =>
  page.document.querySelectorAll('table[aria-label="Register sessions"] tbody tr')

const billsGrid = () => {
  const grid = page.document.querySelector('[role="grid"][aria-label="Bills"]')
  const first = grid?.querySelector('tr.row[data-index="0"]') ?? null
  return { grid, first, firstShown: first !== null && first.getAttribute('aria-busy') === null }
}

const PROBES: Record<ScreenProbe, () => ScreenState> = {
  /** The first rows and the count of what they belong to. */
  bills: () => {
    const { grid, first, firstShown } = billsGrid()
    return {
      snapshot: first?.textContent ?? '',
      settled: firstShown && grid?.getAttribute('aria-busy') === null,
    }
  },
  /**
   * The first rows, counted or not ("Counting…"). A new order or filter clears the rows, so a
   * first row on show belongs to it; the count line joins the snapshot so that a change keeping
   * the same first bill still shows as one.
   */
  'bills-rows': () => {
    const { first, firstShown } = billsGrid()
    const status = page.document.querySelector('.data-table-count')?.textContent ?? ''
    return { snapshot: `${first?.textContent ?? ''}|${status}`, settled: firstShown }
  },
  'session-bills': () => {
    const first = page.document.querySelector('table[aria-label^="Bills of session"] tbody tr')
    return { snapshot: first?.textContent ?? '', settled: first !== null }
  },
  sessions: () => {
    const first = sessionRows()[0]
    return { snapshot: first?.textContent ?? '', settled: first !== undefined }
  },
  /** Every row within the window shows its figures. */
  'sessions-figures': () => {
    const rows = Array.from(sessionRows()).filter(
      (row) => row.getBoundingClientRect().top < page.innerHeight,
    )
    return {
      snapshot: rows.map((row) => row.textContent).join('|'),
      settled: rows.length > 0 && rows.every((row) => !(row.textContent ?? '').includes('…')),
    }
  },
}

const INPUT_EVENTS = ['click', 'change', 'input']

/**
 * Resolves with the milliseconds from the next input event to the frame showing a settled screen
 * after it: one that differs from the screen before, or that was busy in between; rejects after
 * `timeoutMs`.
 */
export function timeNextChange(probe: ScreenProbe, timeoutMs: number): Promise<number> {
  const read = PROBES[probe]
  const before = read().snapshot
  return new Promise((resolve, reject) => {
    let startedAt: number | null = null
    const onInput = (event: { timeStamp: number }): void => {
      startedAt ??= event.timeStamp
    }
    for (const type of INPUT_EVENTS) page.document.addEventListener(type, onInput, true)
    const deadline = performance.now() + timeoutMs
    const finish = (outcome: () => void): void => {
      for (const type of INPUT_EVENTS) page.document.removeEventListener(type, onInput, true)
      outcome()
    }
    // A change that leaves the first row as it was still shows a busy (or empty) table first.
    let sawUnsettled = false
    const check = (now: number): void => {
      const state = read()
      if (startedAt !== null && !state.settled) sawUnsettled = true
      if (startedAt !== null && state.settled && (sawUnsettled || state.snapshot !== before))
        return finish(() => resolve(now - (startedAt as number)))
      if (performance.now() > deadline)
        return finish(() => reject(new Error(`${probe}: no settled change within ${timeoutMs} ms`)))
      page.requestAnimationFrame(check)
    }
    page.requestAnimationFrame(check)
  })
}

/**
 * Milliseconds since navigation began of the first animation frame at which `reached` holds;
 * rejects with `${failure} within …` once `timeoutMs` since navigation have passed.
 */
function frameWhen(
  reached: (now: number) => boolean,
  timeoutMs: number,
  failure: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = (now: number): void => {
      if (reached(now)) return resolve(now)
      if (now > timeoutMs) return reject(new Error(`${failure} within ${timeoutMs} ms`))
      page.requestAnimationFrame(check)
    }
    page.requestAnimationFrame(check)
  })
}

/** Milliseconds since navigation began at which the probe first shows a settled screen. */
export function timeSinceNavigation(probe: ScreenProbe, timeoutMs: number): Promise<number> {
  const read = PROBES[probe]
  return frameWhen(() => read().settled, timeoutMs, `${probe}: not settled`)
}

/** The sync bar's line of the fill bringing a cache from before tallies and counts up to date. */
const FILL_LINE = 'Adding up saved bills'

/** [done, total] as the fill's line showed them first and last, and when it showed them last. */
export interface FillShown {
  first: [number, number]
  last: [number, number]
  lastAt: number
}

export interface UpgradeSeen {
  /** Milliseconds since navigation. */
  at: number
  shown: FillShown | null
}

function fillProgress(): [number, number] | null {
  const prefix = `${FILL_LINE}: `
  const line = Array.from(page.document.querySelectorAll('.sync-bar [role="status"]'))
    .map((element) => element.textContent ?? '')
    .find((text) => text.startsWith(prefix))
  if (line === undefined) return null
  const [done, total] = line
    .slice(prefix.length)
    .split(' of ')
    .map((n) => Number(n.replace(/\D/g, '')))
  return [done!, total!]
}

/**
 * Watches the fill's progress line until it shows half of its work done ('half-way'), or until
 * it has shown and gone ('done').
 */
export function watchUpgrade(until: 'half-way' | 'done', timeoutMs: number): Promise<UpgradeSeen> {
  let shown: FillShown | null = null
  const reached = (at: number): boolean => {
    const now = fillProgress()
    if (now) shown = { first: shown?.first ?? now, last: now, lastAt: at }
    if (until === 'half-way') return now !== null && now[0] > 0 && 2 * now[0] >= now[1]
    return shown !== null && now === null
  }
  const failure =
    until === 'half-way'
      ? 'the upgrade: the fill never showed half of its work done'
      : `the upgrade: "${FILL_LINE}" did not come and go`
  return frameWhen(reached, timeoutMs, failure).then((at) => ({ at, shown }))
}
