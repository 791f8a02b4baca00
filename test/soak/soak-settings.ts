/** The soak's shop, its faults, its pace and its memory bounds, in one place. */
import type { GrowthBounds } from './memory-verdict'

const MB = 1024 * 1024

/**
 * Twenty minutes unless `TILL_SOAK_SECONDS` says otherwise: `npm run soak` runs twenty, `npm test`
 * (CI) ten, and shorter runs are for trying things locally.
 */
export const SOAK_SECONDS = Number(process.env.TILL_SOAK_SECONDS ?? 1200)

/** A run this long judges main's RSS by the tight bound (a slow leak shows above the swing). */
export const LONG_SOAK_SECONDS = 1200

/**
 * A shorter run is mostly warm-up and its fitted slopes mostly noise: its memory figures are
 * reported but not judged (the summary says so). `npm test` always runs the full ten minutes.
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
 * RSS follows the size V8 reserves for its heap, which swings by 30 MB within a minute under this
 * load (measured: 23 to 54 MB heap total, 98 to 142 MB RSS). Over twenty minutes a line fitted
 * through that swing is steady enough to hold main to 20 MB an hour, which a back-office PC
 * running Till for days can afford (a keychain read per Apps API request, leaking natively, grew
 * it 86 to 134 MB an hour; fixed, a twenty-minute soak measured -10 MB an hour). Ten-minute
 * windows of that soak fitted from -65 to +36 MB an hour through the swing alone, so a
 * ten-minute run is held to 72 MB an hour, twice that: it still catches 2 MB a minute, the upper
 * range of that leak; holding main to 20 MB an hour takes the twenty-minute run.
 */
export function mainRssBounds(seconds: number): GrowthBounds {
  return {
    maxHourlyGrowthBytes: (seconds >= LONG_SOAK_SECONDS ? 20 : 72) * MB,
    maxQuarterRiseBytes: 48 * MB,
  }
}

/**
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
export const BOUNDS: Record<'mainHeap' | 'rendererHeap' | 'mainRss', GrowthBounds> = {
  mainHeap: { maxHourlyGrowthBytes: 12 * MB, maxQuarterRiseBytes: 6 * MB },
  rendererHeap: { maxHourlyGrowthBytes: 12 * MB, maxQuarterRiseBytes: 6 * MB },
  mainRss: mainRssBounds(SOAK_SECONDS),
}
