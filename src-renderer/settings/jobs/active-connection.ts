import type { ChannelOutput, ProfileView } from '../../../src-shared/bridge/contract'
import type { TillBridge } from '../../bridge/bridge-client'
import type { TillDatabase } from '../../database/database'
import { openCache } from '../../database/open-cache'
import type { UpgradeProgress } from '../../database/migrations/migration'
import { ScheduledExporter } from '../../exports/jobs/scheduled-exporter'
import { SyncController } from '../../sync/jobs/sync-controller'
import { SharedBooksLink } from '../../shared-books/jobs/shared-books-link'
import { DepositMatchingFollower } from '../../deposits/jobs/matching-follower'
import { nameDemoLocations } from '../tables/location-names'
import { takeDemoBankTerms } from '../../deposits/tables/deposit-settings-store'

/** The connection the app works on: its cache, and the background work it owns. */
export interface ActiveConnection {
  profile: ProfileView
  db: TillDatabase
  sync: SyncController
  scheduledExports: ScheduledExporter
  sharedBooks: SharedBooksLink
  depositMatching: DepositMatchingFollower
}

/**
 * The profile's cache, opened (see `openCache`); the demo's is of the demo shop running, with its
 * location names and its bank's terms (see `nameDemoLocations`, `takeDemoBankTerms`).
 */
export async function openDatabase(
  profile: ProfileView,
  demo: ChannelOutput<'app.info'>['demo'],
  onUpgrade?: UpgradeProgress,
): Promise<TillDatabase> {
  if (profile.kind !== 'demo') return openCache(profile.id, null, onUpgrade)
  // Opened here, so a switch away at once closes an open cache rather than one still opening.
  const db = await openCache(profile.id, demo.epoch, onUpgrade)
  await nameDemoLocations(db, demo.locationNames)
  await takeDemoBankTerms(db, profile.currency, demo.bankTerms)
  return db
}

/** The connection over an open cache, its sync, scheduled exports and deposit matching not started yet. */
export function activeConnection(
  bridge: TillBridge,
  profile: ProfileView,
  db: TillDatabase,
): ActiveConnection {
  const sharedBooks = new SharedBooksLink(bridge, profile, db)
  const sync = new SyncController(bridge, profile, db)
  return {
    profile,
    db,
    sync,
    scheduledExports: new ScheduledExporter(bridge, profile, db, () => sharedBooks.exportCommit()),
    sharedBooks,
    depositMatching: new DepositMatchingFollower(db, profile.currency, sync),
  }
}
