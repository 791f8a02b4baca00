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
  /** The least-squares slope after warm-up, extrapolated to one hour, may not exceed this. */
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

/** Least-squares slope of bytes over time, in bytes per millisecond. */
export function slopePerMs(samples: readonly MemorySample[]): number {
  const n = samples.length
  const meanT = samples.reduce((sum, s) => sum + s.atMs, 0) / n
  const meanB = samples.reduce((sum, s) => sum + s.bytes, 0) / n
  let covariance = 0
  let variance = 0
  for (const s of samples) {
    covariance += (s.atMs - meanT) * (s.bytes - meanB)
    variance += (s.atMs - meanT) ** 2
  }
  return variance === 0 ? 0 : covariance / variance
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
