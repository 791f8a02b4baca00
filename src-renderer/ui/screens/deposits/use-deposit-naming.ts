import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import type { TillDatabase } from '../../../database/database'
import type { DepositInputs } from '../../../deposits'
import { locationLabel } from '../../../format/location-label'
import { sessionLabel } from '../../../format/session-label'
import { loadShownSessions, readSessions } from '../../../sessions'
import type { Naming } from './deposit-words'

/** How the Deposits screen names locations and the sessions behind the takings. */
export function useDepositNaming(
  db: TillDatabase,
  inputs: DepositInputs | undefined,
  currency: string,
  timeZone: string,
  locations: Parameters<typeof locationLabel>[1],
): Naming {
  const sessionIds = useMemo(
    () => [...new Set(inputs?.expected.flatMap((e) => e.sessionIds) ?? [])],
    [inputs],
  )
  // Named with the status each is shown with, as on every other screen: over, with no close
  // event, reads "–close not recorded", never "–open".
  const sessions = useLiveQuery(
    async () =>
      loadShownSessions(
        db,
        (await readSessions(db, sessionIds)).filter((s) => s !== undefined),
        Date.now(),
      ),
    [db, sessionIds],
  )
  return useMemo((): Naming => {
    const names = new Map(
      (sessions ?? []).map((s) => [
        s.id,
        sessionLabel(s, timeZone, locationLabel(s.locationId, locations)),
      ]),
    )
    return {
      currency,
      location: (id) => locationLabel(id, locations),
      session: (id) => names.get(id) ?? `Session ${id}`,
    }
  }, [sessions, timeZone, locations, currency])
}
