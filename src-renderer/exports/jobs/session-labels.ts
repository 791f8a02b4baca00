import type { TillDatabase } from '../../database/database'
import type { RegisterSession } from '../../database/cached-records'
import { loadLocationNames } from '../../settings/tables/location-names'
import { loadShownSession } from '../../sessions/tables/session-status'
import type { LocationNames } from '../../format/location-label'
import { sessionLabel } from '../../format/session-label'
import { locationNameText } from '../rules/formats/entry-text'

/**
 * Sessions' labels as of an export (`sessionLabel`: day, location name, hours), what its
 * narrations and the sessions table call them; the location names are read once.
 */
export class SessionLabels {
  private names: Promise<LocationNames> | undefined

  constructor(
    private readonly db: TillDatabase,
    private readonly timeZone: string,
    /** Epoch ms of the export: whether a session without a close can still be trading. */
    private readonly now: number,
  ) {}

  async of(session: RegisterSession): Promise<string> {
    const [names, shown] = await Promise.all([
      (this.names ??= loadLocationNames(this.db)),
      loadShownSession(this.db, session, this.now),
    ])
    return sessionLabel(shown, this.timeZone, locationNameText(session.locationId, names))
  }
}
