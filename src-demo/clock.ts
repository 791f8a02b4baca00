/**
 * The simulated clock (unix seconds). It starts at the configured "now", moves when told to
 * (control API, trading), follows real time while the shop trades live, and never goes back.
 */
export class SimClock {
  private base: number
  private realBase = Date.now()
  private followReal = false
  private latest: number

  constructor(start: number) {
    this.base = start
    this.latest = start
  }

  now(): number {
    const elapsed = this.followReal ? Math.floor((Date.now() - this.realBase) / 1000) : 0
    this.latest = Math.max(this.latest, this.base + elapsed)
    return this.latest
  }

  advance(seconds: number): number {
    this.base += seconds
    return this.now()
  }

  /**
   * The time an operation takes: a frozen clock moves on by `seconds`; a clock that follows
   * real time is already moving and is left alone. Returns the time after.
   */
  tick(seconds: number): number {
    return this.followReal ? this.now() : this.advance(seconds)
  }

  /** While on, simulated time passes with real time. */
  followRealTime(on: boolean): void {
    this.base = this.now()
    this.realBase = Date.now()
    this.followReal = on
  }
}
