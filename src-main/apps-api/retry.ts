export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
  /** The longest Retry-After Till will honour before giving up on this call. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 7,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
}

/** Exponential backoff with full jitter: a random wait up to base·2^attempt, capped. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt))
}

/** `Retry-After` as seconds or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}
