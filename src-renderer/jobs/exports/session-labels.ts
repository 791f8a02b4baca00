import type { TillDatabase } from '../../cache/database'
import type { RegisterSession } from '../../cache/cached-records'
import { loadLocationNames } from '../../cache/location-names'
import { loadShownSession } from '../../cache/session-status'
import type { LocationNames } from '../../domain/format/location-label'
import { sessionLabel } from '../../domain/format/session-label'
import { locationNameText } from '../../domain/journal/formats/entry-text'

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
