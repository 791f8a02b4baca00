import type { CDPSession, Page } from '@playwright/test'

/**
 * The page's answer to a person's key presses while it works, as the first-sync figure and the
 * statement preview measure it: synthetic presses sent through DevTools, each answered as Event
 * Timing reports it (INP's measure).
 */

/**
 * Milliseconds between synthetic key presses sent to the page while it syncs: a few hundred
 * answers a sync, so its p99 is not simply its worst one or two.
 */
export const INPUT_EVERY_MS = 20

/** Event Timing leaves out events answered quicker than this (its least threshold). */
export const EVENT_TIMING_THRESHOLD_MS = 16

type KeyTimingWindow = { tillBenchKeyAnswers?: number[] }

/**
 * Keeps the Event Timing duration of every key event the page answers in 16 ms or more: added
 * before the app's script runs, so no press of the sync is missed.
 */
export function recordKeyAnswers(threshold: number): void {
  const answers: number[] = []
  ;(globalThis as KeyTimingWindow).tillBenchKeyAnswers = answers
  // The page's own PerformanceObserver, typed here for the 'event' entries Node's types lack.
  type EventObserver = new (
    callback: (list: { getEntries(): { name: string; duration: number }[] }) => void,
  ) => { observe(options: { type: 'event'; durationThreshold: number }): void }
  const { PerformanceObserver } = globalThis as unknown as { PerformanceObserver: EventObserver }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'keydown' || entry.name === 'keyup') answers.push(entry.duration)
  }).observe({ type: 'event', durationThreshold: threshold })
}

/**
 * The page's answer to each key press sent: Event Timing's durations, and one of 16 ms for each
 * press it did not report (answered quicker).
 */
export async function keyAnswers(page: Page, sent: number): Promise<number[]> {
  const reported = await page.evaluate(() => (globalThis as KeyTimingWindow).tillBenchKeyAnswers)
  if (!reported) throw new Error('the page recorded no key answers')
  const quick = Math.max(0, sent - reported.length)
  return [...reported, ...Array<number>(quick).fill(EVENT_TIMING_THRESHOLD_MS)]
}

/**
 * Presses and releases Shift in the page every INPUT_EVERY_MS until stopped: each event's
 * DevTools round trip. Each press carries the time it was sent, which the browser takes as the
 * event's own (as an OS key event's), so the page's Event Timing counts from the press, through
 * the browser, until the page painted after handling it: a main thread busy with the sync shows
 * there as a person typing would feel it. The round trip adds the answer's way back to the bench,
 * a process of its own on the same two cores.
 */
export function sampleInputAnswers(cdp: CDPSession): { stop(): Promise<number[]> } {
  const answers: number[] = []
  let stopped = false
  const key = { key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16 }
  const loop = (async () => {
    while (!stopped) {
      for (const type of ['rawKeyDown', 'keyUp'] as const) {
        const sent = performance.now()
        await cdp.send('Input.dispatchKeyEvent', { type, ...key, timestamp: Date.now() / 1000 })
        answers.push(performance.now() - sent)
      }
      await new Promise((resolve) => setTimeout(resolve, INPUT_EVERY_MS))
    }
  })()
  return {
    stop: async () => {
      stopped = true
      await loop
      return answers
    },
  }
}
