import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'

/**
 * A live query that runs at most once per `intervalMs`. Dexie re-runs a live query on every
 * write that may touch what it read, and a bulk write of 50 or more records counts as touching
 * the whole table: during a sync every visible Sessions row would re-read its whole session after
 * every page. A run that comes sooner than the interval after the one before waits out the rest;
 * the writes that land meanwhile are gathered by Dexie into the one run that follows, so the last
 * answer always reflects the last write. Idle, a change shows at once.
 */
export interface ThrottleState {
  lastStart: number
}

export async function runThrottled<T>(
  querier: () => Promise<T>,
  state: ThrottleState,
  intervalMs: number,
  now: () => number = () => performance.now(),
): Promise<T> {
  const wait = state.lastStart + intervalMs - now()
  // Dexie's rule for a foreign promise inside a live query: pass it through Promise.resolve.
  if (wait > 0) await Promise.resolve(new Promise((resolve) => setTimeout(resolve, wait)))
  state.lastStart = now()
  return querier()
}

export function useThrottledLiveQuery<T>(
  querier: () => Promise<T>,
  deps: unknown[],
  intervalMs: number,
): T | undefined {
  const [state] = useState<ThrottleState>(() => ({ lastStart: Number.NEGATIVE_INFINITY }))
  return useLiveQuery(() => runThrottled(querier, state, intervalMs), deps)
}
