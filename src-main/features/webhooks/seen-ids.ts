export interface SeenIdLimits {
  maxEntries: number
  maxAgeMs: number
}

/** The service redelivers for a while, not for ever: two weeks, and never more than this many. */
export const DEFAULT_SEEN_ID_LIMITS: SeenIdLimits = {
  maxEntries: 200_000,
  maxAgeMs: 14 * 24 * 60 * 60 * 1000,
}

/**
 * Envelope ids already received, with when, oldest first. Bounded by count and by age, so it
 * neither grows without end nor forgets an id the service may still redeliver.
 */
export class SeenIds {
  private readonly receivedAt = new Map<string, number>()

  constructor(private readonly limits: SeenIdLimits) {}

  has(key: string): boolean {
    return this.receivedAt.has(key)
  }

  remember(key: string, atMs: number): void {
    this.receivedAt.delete(key)
    this.receivedAt.set(key, atMs)
    this.prune(atMs)
  }

  forget(key: string): void {
    this.receivedAt.delete(key)
  }

  /** The ids still remembered at `nowMs`, oldest first. */
  entries(nowMs: number): Array<[key: string, atMs: number]> {
    this.prune(nowMs)
    return [...this.receivedAt]
  }

  private prune(nowMs: number): void {
    const oldest = nowMs - this.limits.maxAgeMs
    for (const [key, atMs] of this.receivedAt) {
      if (this.receivedAt.size <= this.limits.maxEntries && atMs >= oldest) break
      this.receivedAt.delete(key)
    }
  }
}
