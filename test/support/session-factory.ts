import type { RegisterSession } from '../../src-renderer/database/cached-records'

/** A register session whose hours and opening cash are not known: closed unless told otherwise. */
export function makeSession(overrides: Partial<RegisterSession> = {}): RegisterSession {
  return {
    id: 's1',
    locationId: 'loc1',
    businessDate: '2026-11-20',
    openedAt: null,
    closedAt: null,
    openingCash: null,
    firstActivityAt: null,
    status: 'closed',
    ...overrides,
  }
}
