import { liveQuery } from 'dexie'
import { useEffect, useMemo, useState } from 'react'

const NONE: ReadonlyMap<string, never> = new Map<string, never>()

/**
 * One live query per key, each re-run only when what it read changes: a write that touches one
 * key's records does not make the others read theirs again (one query over every key would).
 * Returns each key's latest result; a key whose first result has not come yet is absent. A query
 * that fails throws while rendering, as `useLiveQuery` does, for the screen's error boundary.
 * `querier` is a stable function (`useCallback`): a new one starts a new set of queries.
 */
export function useLiveQueries<T>(
  keys: readonly string[],
  querier: (key: string) => Promise<T>,
): ReadonlyMap<string, T> {
  const joined = keys.join('\u0000')
  // A new set of queries: results of the previous set are not shown for it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys, by value
  const generation = useMemo(() => ({}), [joined, querier])
  const [results, setResults] = useState<{ generation: object; map: ReadonlyMap<string, T> }>({
    generation,
    map: NONE,
  })
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  useEffect(() => {
    const subscriptions = keys.map((key) =>
      liveQuery(() => querier(key)).subscribe({
        next: (value) =>
          setResults((previous) => ({
            generation,
            map: new Map(previous.generation === generation ? previous.map : NONE).set(key, value),
          })),
        error: (error: unknown) => setFailure({ error }),
      }),
    )
    return () => subscriptions.forEach((s) => s.unsubscribe())
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the generation stands for both
  }, [generation])
  if (failure) throw failure.error
  return results.generation === generation ? results.map : NONE
}
