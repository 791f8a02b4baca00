/**
 * Whether a memory series grew without bound during a soak. Runs in Node (the Playwright
 * worker and Vitest); pure arithmetic on the samples.
 */

export interface MemorySample {
  /** Milliseconds since the soak began. */
  atMs: number
  bytes: number
}

export interface GrowthBounds {
  /** The slope after warm-up (Theil–Sen), extrapolated to one hour, may not exceed this. */
  maxHourlyGrowthBytes: number
  /** The last quarter's peak may exceed the first quarter's peak by at most this. */
  maxQuarterRiseBytes: number
}

export interface SeriesFigures {
  samples: number
  startBytes: number
  endBytes: number
  peakBytes: number
  slopeBytesPerMinute: number
  hourlyGrowthBytes: number
  firstQuarterPeakBytes: number
  lastQuarterPeakBytes: number
}

export interface SeriesVerdict extends SeriesFigures {
  ok: boolean
  /** Why it failed, in words; empty when ok. */
  reasons: string[]
}

/** Share of the run (by time) treated as warm-up: the first sync fills caches and JIT code. */
export const WARM_UP_SHARE = 0.2
const MIN_JUDGED_SAMPLES = 8
const MB = 1024 * 1024
const NO_FIGURES: SeriesFigures = {
  samples: 0,
  startBytes: 0,
  endBytes: 0,
  peakBytes: 0,
  slopeBytesPerMinute: 0,
  hourlyGrowthBytes: 0,
  firstQuarterPeakBytes: 0,
  lastQuarterPeakBytes: 0,
}

export const megabytes = (bytes: number): number => Math.round((bytes / MB) * 10) / 10

/**
 * The Theil–Sen slope of bytes over time, in bytes per millisecond: the median of the slopes
 * between every pair of samples. A least-squares line is pulled by single samples far off the
 * level, which main's RSS has each time V8 gives back heap before the pages go (30 MB above for one
 * sample, 15 below for another); the median of pairs follows the level and a steady leak alike.
 */
export function slopePerMs(samples: readonly MemorySample[]): number {
  const slopes: number[] = []
  for (let i = 0; i < samples.length; i++)
    for (let j = i + 1; j < samples.length; j++) {
      const span = samples[j]!.atMs - samples[i]!.atMs
      if (span !== 0) slopes.push((samples[j]!.bytes - samples[i]!.bytes) / span)
    }
  if (slopes.length === 0) return 0
  slopes.sort((a, b) => a - b)
  const middle = slopes.length >> 1
  return slopes.length % 2 ? slopes[middle]! : (slopes[middle - 1]! + slopes[middle]!) / 2
}

const peak = (samples: readonly MemorySample[]): number =>
  samples.reduce((max, s) => Math.max(max, s.bytes), -Infinity)

/**
 * One series' figures: the samples after the warm-up share of the run are fitted with a line and
 * split into quarters by time; also how many samples that leaves to judge by.
 */
export function growthFigures(
  samples: readonly MemorySample[],
  warmUpShare = WARM_UP_SHARE,
): SeriesFigures & { judgedSamples: number } {
  if (samples.length === 0) return { ...NO_FIGURES, judgedSamples: 0 }
  const first = samples[0]!.atMs
  const span = samples.at(-1)!.atMs - first
  const judgedFrom = first + span * warmUpShare
  const judged = samples.filter((s) => s.atMs >= judgedFrom)
  const judgedSpan = judged.at(-1)!.atMs - judged[0]!.atMs
  const quarter = (index: number): MemorySample[] =>
    judged.filter((s) => {
      const at = s.atMs - judged[0]!.atMs
      return at >= (judgedSpan * index) / 4 && (index === 3 || at < (judgedSpan * (index + 1)) / 4)
    })
  const slope = judged.length >= 2 ? slopePerMs(judged) : 0
  return {
    samples: samples.length,
    startBytes: samples[0]!.bytes,
    endBytes: samples.at(-1)!.bytes,
    peakBytes: peak(samples),
    slopeBytesPerMinute: slope * 60_000,
    hourlyGrowthBytes: slope * 3_600_000,
    firstQuarterPeakBytes: peak(quarter(0)),
    lastQuarterPeakBytes: peak(quarter(3)),
    judgedSamples: judged.length,
  }
}

/** Judges one series by its figures. Too few samples to judge is itself a failure, never a pass. */
export function judgeGrowth(
  samples: readonly MemorySample[],
  bounds: GrowthBounds,
  warmUpShare = WARM_UP_SHARE,
): SeriesVerdict {
  if (samples.length === 0) return { ...NO_FIGURES, ok: false, reasons: ['no samples'] }
  const { judgedSamples, ...figures } = growthFigures(samples, warmUpShare)
  const reasons: string[] = []
  if (judgedSamples < MIN_JUDGED_SAMPLES)
    reasons.push(`only ${judgedSamples} samples after warm-up (at least ${MIN_JUDGED_SAMPLES})`)
  if (figures.hourlyGrowthBytes > bounds.maxHourlyGrowthBytes)
    reasons.push(
      `grows ${megabytes(figures.hourlyGrowthBytes)} MB an hour (bound ${megabytes(bounds.maxHourlyGrowthBytes)} MB)`,
    )
  const rise = figures.lastQuarterPeakBytes - figures.firstQuarterPeakBytes
  if (rise > bounds.maxQuarterRiseBytes)
    reasons.push(
      `last quarter peaks ${megabytes(rise)} MB above the first (bound ${megabytes(bounds.maxQuarterRiseBytes)} MB)`,
    )
  return { ...figures, ok: reasons.length === 0, reasons }
}
