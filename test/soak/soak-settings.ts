/** The soak's shop, its faults, its pace and its memory bounds, in one place. */
import type { GrowthBounds } from './memory-verdict'

const MB = 1024 * 1024

/**
 * Twenty minutes unless `TILL_SOAK_SECONDS` says otherwise, in `npm run soak` and in `npm test`
 * (CI) alike: the shortest run whose memory verdict means what it reports. What sets it:
 * - Samples are not what limits it: each series is judged on what follows the warm-up (the first
 *   fifth of the run), and the sparsest, the page's heap census every 20 s, has the 8 judged
 *   samples the verdict needs after 200 s (MIN_JUDGED_SECONDS asks 300).
 * - The slope's noise is: main's memory outside the heap swings by tens of MB as V8 gives heap
 *   back, and a swing inside the judged span tilts the fitted slope by up to its height over that
 *   span, so the noise falls as one over the run's length. Five ten-minute runs of one head (8
 *   judged minutes) fitted 0.0 to 18.5 MB an hour against a bound of 20: a flat series read as
 *   leaking nearly as much as the bound allows (1.5 MB an hour short of failing). For a flat
 *   series to read under half its bound the judged span must be 8 x 18.5 / 10 = 14.8 minutes or
 *   more, a run of 18.5 minutes; twenty gives it at most 9.3 MB an hour (fifteen would give 12.3).
 * - The bounds do not scale with the length: the slope's is a rate an hour, and the quarter rise
 *   an absolute height, which a leak reaches only over time (the last quarter's peak stands
 *   0.6 x the run's length of growth above the first's): over twenty minutes 6 MB catches a heap
 *   growing 30 MB an hour or more, a backstop behind the slope, which catches 12.
 * `npm test` runs it beside its other steps (scripts/test.mjs) rather than shortening it.
 */
export const SOAK_SECONDS = Number(process.env.TILL_SOAK_SECONDS ?? 1200)

/**
 * A shorter run is mostly warm-up and its fitted slopes mostly noise: its memory figures are
 * reported but not judged (the summary says so).
 */
export const MIN_JUDGED_SECONDS = 300

export const CURRENCY_EXPONENT = 2

/**
 * The shop, served by the demo service in a process of its own: about 1,500 bills of history in
 * USD, trading two events a second, webhooks doubled now and then. The history is kept small:
 * the soak is about the steady state, the first sync of a large shop is the benchmark's.
 */
export const SHOP = {
  seed: 29,
  days: 7,
  locations: 3,
  billsPerSession: 30,
  currency: 'USD',
  timezone: 'America/New_York',
  live: true,
  livePace: 120,
  webhookDuplicateRate: 0.05,
  webhookRetryBaseMs: 1000,
}

/** The demo shop the browser shell embeds when it starts with no connection: kept tiny and idle. */
export const EMBEDDED_DEMO = { days: 0, locations: 1, billsPerSession: 1, live: false }

/** Every Apps API fault the demo has, each at a few percent of requests. */
export const FAULTS = {
  server_error: { rate: 0.03 },
  rate_limited: { rate: 0.03, retry_after: 1 },
  slow: { rate: 0.03, delay_ms: 2000 },
  dropped_connection: { rate: 0.02 },
  truncated_body: { rate: 0.02 },
  inserts_while_paging: { rate: 0.05, count: 2 },
}

/** The first sync runs with the faults on; on a busy machine it can take minutes. */
export const FIRST_SYNC_TIMEOUT_MS = 600_000

/**
 * With `TILL_SOAK_HEAP_SNAPSHOTS` set to a number of seconds, the renderer's heap is written to
 * a snapshot that often on a few screens (renderer-<seconds>-<screen>.heapsnapshot beside the soak's other output), to see
 * what a growing heap holds; none otherwise (each takes seconds and holds the page meanwhile).
 */
export const HEAP_SNAPSHOT_EVERY_MS = Number(process.env.TILL_SOAK_HEAP_SNAPSHOTS ?? 0) * 1000

export const CADENCE = {
  sampleMs: 5_000,
  /**
   * A heap snapshot of the page, summed by type, this often: what the page keeps, apart from
   * compiled code and Blink's objects (see BOUNDS). Each holds the page for a second or so.
   */
  censusEveryMs: 20_000,
  exportEveryMs: 40_000,
  /** The receiver unreachable for the service (deliveries fail and are retried). */
  outageEveryMs: 120_000,
  outageMs: 15_000,
  /** A delivery with a forged signature, which the receiver must refuse. */
  forgeryEveryMs: 20_000,
  /** Days back from the latest business day each export covers. */
  exportDays: 3,
  /** The shortest sweep interval Settings allows, so the scheduled sweep runs during the soak. */
  sweepMinutes: 5,
}

/**
 * Heaps are measured after a forced collection, so they hold only what is retained. A retained
 * 2 KB record per live event (120 a minute) grows 14 MB an hour: the heap bounds catch it. Main's
 * RSS is not judged as it is: it follows the heap V8 reserves, a sawtooth of 26 to 53 MB every
 * two minutes under this load (RSS 106 to 132 MB), and ten minutes of it fitted by least squares
 * to 57 and 81 MB an hour in two runs of the same code. What main holds outside V8's heap (RSS
 * less the heap's total) is judged instead: the same run held it at 75 to 80 MB, apart from one
 * sample each time V8 gives heap back before the pages go, and its slope came to 3.9 MB an hour
 * (14.8 by least squares, pulled by those samples). The heap itself is judged by what it keeps,
 * above; together they leave out only the heap's slack. A native leak shows outside the heap in
 * full (a keychain read per Apps API request grew main 86 to 134 MB an hour, issue 14), and
 * 20 MB an hour is what a back-office PC running Till for days can afford.
 *
 * The renderer's heap is judged by what the page's code keeps on V8's heap: objects, strings,
 * arrays and closures, summed from heap snapshots (`rendererHeapKept`). Its JS heap as Chromium
 * reports it (JSHeapUsedSize, shown beside) also counts compiled code, which grew about 10 MB an
 * hour through a ten-minute soak as the JIT warmed up (heap snapshots of the Problems screen 120 s
 * and 484 s in: 8.10 -> 9.16 MB, Till's objects 3.05 -> 3.09 MB), a figure within a few MB of its
 * bound with nothing of Till's in the growth. Blink's objects are apart too (shown, not judged):
 * among them DevTools' record of every request the page makes, kept by the network agent
 * Playwright's connection to the page turns on, about 350 bytes for each of the bridge's dozen
 * requests a second (Till in Electron talks to main over IPC, with no DevTools). A page that keeps
 * 2 KB for each write the cache announces (`TILL_SOAK_LEAK=announcements`) fails the bound.
 * The samples' peaks are the Day close screen's, and grow with the live day it shows.
 */
export const BOUNDS: Record<'mainHeap' | 'rendererHeap' | 'mainOutsideHeap', GrowthBounds> = {
  mainHeap: { maxHourlyGrowthBytes: 12 * MB, maxQuarterRiseBytes: 6 * MB },
  rendererHeap: { maxHourlyGrowthBytes: 12 * MB, maxQuarterRiseBytes: 6 * MB },
  mainOutsideHeap: { maxHourlyGrowthBytes: 20 * MB, maxQuarterRiseBytes: 48 * MB },
}
