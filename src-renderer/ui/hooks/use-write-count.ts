import { useEffect, useState, type DependencyList } from 'react'

/**
 * A number that changes after each write `follow` hears (`database/table-writes.ts`): a dependency
 * of `useRecomputed` for what stays on screen for hours, such as the navigation, where a live
 * query would hold every bill key synced until a table it read changed.
 */
export function useWriteCount(
  follow: (listener: () => void) => () => void,
  deps: DependencyList,
): number {
  const [writes, setWrites] = useState(0)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` stands for what follow watches
  useEffect(() => follow(() => setWrites((count) => count + 1)), deps)
  return writes
}
