import { sumMinor } from '../../../src-shared/domain/money'

/** A session's standing drawer count as a group adds it up. */
export interface StandingCount {
  countedCash: number
  /** Null while the session's opening cash is not known (`determinedVariance`). */
  cashVariance: number | null
}

/** The drawer counts of a group of sessions (a location's day, every location's): how far along. */
export interface CountedSessions {
  sessions: number
  /** How many of them stand counted (reconciled). */
  counted: number
  /** Minor units counted, over the counted sessions only. */
  countedCash: number
  /**
   * The group's cash variance: only once every session is counted and each variance is
   * determined, since a part would read as the whole group's; null until then.
   */
  cashVariance: number | null
}

function groupVariance(sessions: number, variances: readonly (number | null)[]): number | null {
  if (variances.length < sessions || variances.some((v) => v === null)) return null
  return sumMinor(variances, (v) => v ?? 0)
}

/** The counts of sessions, one entry per session: its standing count, or null if not counted. */
export function countedSessions(counts: readonly (StandingCount | null)[]): CountedSessions {
  const standing = counts.filter((c): c is StandingCount => c !== null)
  return {
    sessions: counts.length,
    counted: standing.length,
    countedCash: sumMinor(standing, (c) => c.countedCash),
    cashVariance: groupVariance(
      counts.length,
      standing.map((c) => c.cashVariance),
    ),
  }
}

export function addCountedSessions(groups: readonly CountedSessions[]): CountedSessions {
  return {
    sessions: groups.reduce((n, g) => n + g.sessions, 0),
    counted: groups.reduce((n, g) => n + g.counted, 0),
    countedCash: sumMinor(groups, (g) => g.countedCash),
    // A group's variance stands only when all of it is counted and determined: so does the sum's.
    cashVariance: groups.some((g) => g.cashVariance === null)
      ? null
      : sumMinor(groups, (g) => g.cashVariance ?? 0),
  }
}
