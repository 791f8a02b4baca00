/**
 * The row a navigation key moves to, or null for other keys. `pageRows` is how many rows a
 * viewport shows.
 */
export function rowAfterKey(
  key: string,
  current: number,
  count: number,
  pageRows: number,
): number | null {
  const last = Math.max(0, count - 1)
  const clamp = (index: number): number => Math.min(last, Math.max(0, index))
  switch (key) {
    case 'ArrowDown':
      return clamp(current + 1)
    case 'ArrowUp':
      return clamp(current - 1)
    case 'PageDown':
      return clamp(current + Math.max(1, pageRows))
    case 'PageUp':
      return clamp(current - Math.max(1, pageRows))
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return null
  }
}
