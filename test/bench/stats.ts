/** Small statistics for the bench's samples. */

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export function median(samples: readonly number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  )
}

/** A figure measured several times: the median steers, the spread says how far to trust it. */
export interface Repeated {
  median: number
  /** max − min of the samples, in the samples' unit. */
  spread: number
  samples: number[]
}

export function repeated(samples: readonly number[]): Repeated {
  if (samples.length === 0) throw new Error('a repeated figure needs at least one sample')
  return {
    median: median(samples),
    spread: Math.max(...samples) - Math.min(...samples),
    samples: [...samples],
  }
}
