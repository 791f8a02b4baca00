export type SyncPhase = 'idle' | 'recent' | 'history' | 'updates' | 'details' | 'expenses' | 'live'

export interface SyncProgress {
  phase: SyncPhase
  /** Records written in this run (bills with detail, expenses). */
  done: number
  /** Best estimate of the records this run will write; null while unknown. */
  total: number | null
  /** Records per second over this run. */
  rate: number
  /** Seconds left at the current rate; null while unknown. */
  etaSeconds: number | null
}

/** Counts records and turns them into a rate and an estimate. */
export class ProgressMeter {
  private done = 0
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

  expect(total: number | null): void {
    this.total = total
    this.emit()
  }

  add(records: number): void {
    this.done += records
    this.emit()
  }

  private emit(): void {
    const seconds = Math.max(0.001, (this.now() - this.startedAt) / 1000)
    const rate = this.done / seconds
    const left = this.total === null ? null : Math.max(0, this.total - this.done)
    this.report({
      phase: this.phase,
      done: this.done,
      total: this.total === null ? null : Math.max(this.total, this.done),
      rate,
      etaSeconds: left === null || rate === 0 ? null : left / rate,
    })
  }
}
