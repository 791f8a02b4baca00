/**
 * Limits on one record the service sends (documented in the README): deeper or larger records are
 * quarantined rather than read, so one hostile record cannot exhaust the stack or the memory of
 * the page it comes in (or of the bridge that carries it).
 */
const RECORD_LIMITS = {
  /** Levels of objects and arrays; a real bill has five (bill, lines, line, taxes, tax). */
  maxDepth: 32,
  /** Roughly, in the characters of its strings and keys plus eight per other value. */
  maxBytes: 1 << 20,
}

const EXCERPT_CHARS = 200

/**
 * Why a record is beyond the limits, or null. Walks it without recursion, and without an
 * allocation per value: it runs once for every record the service sends.
 */
export function recordLimitProblem(raw: unknown, limits = RECORD_LIMITS): string | null {
  const values: unknown[] = [raw]
  const depths: number[] = [0]
  let bytes = 0
  while (values.length > 0) {
    const value = values.pop()
    const depth = depths.pop()!
    if (typeof value === 'string') bytes += value.length
    else if (value === null || typeof value !== 'object') bytes += 8
    else if (depth >= limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`
    else
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue
        bytes += key.length
        values.push((value as Record<string, unknown>)[key])
        depths.push(depth + 1)
      }
    if (bytes > limits.maxBytes) return `larger than ${limits.maxBytes / 2 ** 20} MB`
  }
  return null
}

/**
 * What is kept of a record beyond the limits, for the Problems screen: its top-level fields that
 * are plain values (long text cut short); nested ones are named, not kept.
 */
export function excerptOf(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null
  return Object.fromEntries(
    Object.entries(raw)
      .slice(0, 100)
      .map(([key, value]) => [
        key.slice(0, EXCERPT_CHARS),
        typeof value === 'string'
          ? value.length > EXCERPT_CHARS
            ? `${value.slice(0, EXCERPT_CHARS)}… (${value.length} characters)`
            : value
          : value !== null && typeof value === 'object'
            ? '(omitted)'
            : value,
      ]),
  )
}
