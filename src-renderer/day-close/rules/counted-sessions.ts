import { sumMinor } from '../../../src-shared/domain/money'
import type { CountResult } from './day-close'

/** The drawer counts of a group of sessions (a location's day, every location's): how far along. */
export interface CountedSessions {
  sessions: number
  /** How many of them stand counted (reconciled). */
  counted: number
  /** Minor units counted and their variance, over the counted sessions only. */
  countedCash: number
  cashVariance: number
}

/** The counts of sessions, one entry per session: its standing count, or null if not counted. */
export function countedSessions(counts: readonly (CountResult | null)[]): CountedSessions {
  const standing = counts.filter((c): c is CountResult => c !== null)
  return {
    sessions: counts.length,
    counted: standing.length,
    countedCash: sumMinor(standing, (c) => c.countedCash),
    cashVariance: sumMinor(standing, (c) => c.cashVariance),
  }
}

export function addCountedSessions(groups: readonly CountedSessions[]): CountedSessions {
  return {
    sessions: groups.reduce((n, g) => n + g.sessions, 0),
    counted: groups.reduce((n, g) => n + g.counted, 0),
    countedCash: sumMinor(groups, (g) => g.countedCash),
    cashVariance: sumMinor(groups, (g) => g.cashVariance),
  }
}
