export type SyncPhase = 'idle' | 'recent' | 'history' | 'updates' | 'details' | 'expenses' | 'live'

export interface SyncProgress {
  phase: SyncPhase
  /** Records written in this run (bills listed, bills with detail, expenses). */
  done: number
  /** Best estimate of the records this run will write; null while unknown. */
  total: number | null
  /** Records per second over this run. */
  rate: number
  /** Seconds left at the current rate; null while there is no honest figure (see secondsLeft). */
  etaSeconds: number | null
}

/** Pieces of work (pages, detail batches) a rate needs before it says anything about the rest. */
const ETA_MIN_STEPS = 5
/** Seconds a rate needs before it says anything about the rest. */
const ETA_MIN_SECONDS = 5

/**
 * Seconds left at the rate so far, or null: before enough work for the rate to mean something
 * (the first page carries the start-up, so an early figure is hours off), and once the work has
 * outgrown its estimate (the total is a guess made at the start; there is no "0 s left" while
 * records are still coming).
 */
function secondsLeft(work: {
  done: number
  total: number | null
  steps: number
  elapsedSeconds: number
}): number | null {
  const { done, total, steps, elapsedSeconds } = work
  if (total === null || steps < ETA_MIN_STEPS || elapsedSeconds < ETA_MIN_SECONDS) return null
  const left = total - done
  if (left <= 0 || done === 0) return null
  return left / (done / elapsedSeconds)
}

/** "about 40 s left", "about 4 min left", "about 1 h 20 min left". */
export function timeLeftText(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.ceil(seconds))} s left`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return `about ${minutes} min left`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `about ${hours} h${rest ? ` ${rest} min` : ''} left`
}

/** Counts records and turns them into a rate and an estimate. */
export class ProgressMeter {
  private done = 0
  private steps = 0
  private total: number | null = null
  private phase: SyncPhase = 'idle'

  constructor(
    private readonly startedAt: number,
    private readonly now: () => number,
    private readonly report: (progress: SyncProgress) => void,
  ) {}

  setPhase(phase: SyncPhase): void {
    this.phase = phase
    this.emit()
  }

  /** Adds records this run expects to write to the estimate. */
  expect(records: number): void {
    this.total = (this.total ?? 0) + records
    this.emit()
  }

  add(records: number): void {
    this.done += records
    this.steps += 1
    this.emit()
  }

  private emit(): void {
    const elapsedSeconds = Math.max(0.001, (this.now() - this.startedAt) / 1000)
    this.report({
      phase: this.phase,
      done: this.done,
      total: this.total === null ? null : Math.max(this.total, this.done),
      rate: this.done / elapsedSeconds,
      etaSeconds: secondsLeft({
        done: this.done,
        total: this.total,
        steps: this.steps,
        elapsedSeconds,
      }),
    })
  }
}
