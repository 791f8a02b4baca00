import { useEffect, useState, type DependencyList } from 'react'

/**
 * The latest result of `compute`, worked out again when `deps` change and only then: unlike a live
 * query, it is not re-run by writes to what it reads, so its reads cost nothing between changes
 * and leave nothing subscribed in Dexie's query cache. Until the first result it is undefined; the
 * previous result stands while the next is worked out (as `useLiveQuery`'s does). A failure throws
 * while rendering, for the screen's error boundary.
 */
export function useRecomputed<T>(compute: () => Promise<T>, deps: DependencyList): T | undefined {
  const [result, setResult] = useState<{ value: T } | { error: unknown } | null>(null)
  useEffect(() => {
    let current = true
    compute().then(
      (value) => current && setResult({ value }),
      (error: unknown) => current && setResult({ error }),
    )
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` stands for what compute reads
  }, deps)
  if (result && 'error' in result) throw result.error
  return result?.value
}
