/**
 * Live mode: the simulated clock follows real time and the shop does one thing (usually a
 * sale) every 60 / pace seconds, each reported through the shop's events.
 */

import type { Trader } from './trader'

export class LiveMode {
  private timer: NodeJS.Timeout | null = null
  private pace: number

  constructor(
    private readonly trader: Trader,
    pace: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.pace = pace
  }

  get running(): boolean {
    return this.timer !== null
  }

  get eventsPerMinute(): number {
    return this.pace
  }

  start(pace = this.pace): void {
    this.stop()
    this.pace = pace
    this.trader.clock.followRealTime(true)
    this.timer = setInterval(() => {
      try {
        this.trader.liveStep()
      } catch (error) {
        this.onError(error)
      }
    }, 60_000 / pace)
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.trader.clock.followRealTime(false)
  }
}
