import type { TillDatabase } from '../../../src-renderer/database/database'
import { SyncEngine } from '../../../src-renderer/sync/jobs/sync-engine'
import type { ServiceReader } from '../../../src-renderer/sync/jobs/service-reader'

/** A sync engine of a USD shop in UTC reading `reader` into `db`. */
export function testEngine(db: TillDatabase, reader: ServiceReader): SyncEngine {
  return new SyncEngine({
    db,
    reader,
    profileId: 'p',
    currency: 'USD',
    timeZone: 'UTC',
    now: Date.now,
  })
}
