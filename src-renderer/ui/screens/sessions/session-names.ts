import { useMemo } from 'react'
import { locationLabel, type LocationNames } from '../../../domain/format/location-label'
import type { RegisterSession } from '../../../cache/cached-records'
import { sessionLabel } from '../../format/session-label'

export interface SessionNames {
  (id: string): string
  /** Every name known: what a column of them is sized to. */
  all: string[]
}

/** Names for sessions by id; a session not in the cache (yet) reads as "Session <id>". */
export function useSessionNames(
  sessions: RegisterSession[] | undefined,
  timeZone: string,
  locations: LocationNames,
  nameOf: (session: RegisterSession, timeZone: string, location: string) => string = sessionLabel,
): SessionNames {
  return useMemo(() => {
    const names = new Map(
      (sessions ?? []).map((s) => [
        s.id,
        nameOf(s, timeZone, locationLabel(s.locationId, locations)),
      ]),
    )
    return Object.assign((id: string) => names.get(id) ?? `Session ${id}`, {
      all: [...names.values()],
    })
  }, [sessions, timeZone, locations, nameOf])
}
