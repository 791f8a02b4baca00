import { useMemo } from 'react'
import { locationLabel, type LocationNames } from '../../../format/location-label'
import type { RegisterSession } from '../../../database/cached-records'
import { sessionLabel, type LabelledSession } from '../../../format/session-label'

/** A session as the names are made of it: with the status it is shown with. */
type NamedSession = Pick<RegisterSession, 'id' | 'locationId'> & LabelledSession

export interface SessionNames {
  (id: string): string
  /** Every name known: what a column of them is sized to. */
  all: string[]
}

/** Names for sessions by id; a session not in the cache (yet) reads as "Session <id>". */
export function useSessionNames(
  sessions: readonly NamedSession[] | undefined,
  timeZone: string,
  locations: LocationNames,
  nameOf: (session: NamedSession, timeZone: string, location: string) => string = sessionLabel,
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
