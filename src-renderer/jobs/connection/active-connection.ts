import type { ChannelOutput, ProfileView } from '../../../src-shared/bridge/contract'
import type { TillBridge } from '../../bridge/bridge-client'
import { databaseName, TillDatabase } from '../../cache/database'
import type { UpgradeProgress } from '../../cache/log-pages-upgrade'
import { ScheduledExporter } from '../exports/scheduled-exporter'
import { SyncController } from '../sync/sync-controller'

/** The connection the app works on: its cache, and the background work it owns. */
export interface ActiveConnection {
  profile: ProfileView
  db: TillDatabase
  sync: SyncController
  scheduledExports: ScheduledExporter
}

/**
 * The demo shop is generated anew at each launch: a cache of an older one is dropped. A cache of
 * an earlier Till is upgraded as it opens, telling `onUpgrade` how far it has come.
 */
export async function openDatabase(
  profile: ProfileView,
  demo: ChannelOutput<'app.info'>['demo'],
  onUpgrade?: UpgradeProgress,
): Promise<TillDatabase> {
  // Opened here, so a switch away at once closes an open cache rather than one still opening.
  const db = new TillDatabase(databaseName(profile.id), undefined, onUpgrade)
  await db.open()
  if (profile.kind !== 'demo' || !demo.epoch) return db
  const cachedEpoch = (await db.meta.get('demo-epoch'))?.value
  if (cachedEpoch === demo.epoch) return db
  await db.delete()
  const fresh = new TillDatabase(databaseName(profile.id))
  await fresh.meta.put({ key: 'demo-epoch', value: demo.epoch })
  return fresh
}

/** The connection over an open cache, its sync and scheduled exports not started yet. */
export function activeConnection(
  bridge: TillBridge,
  profile: ProfileView,
  db: TillDatabase,
): ActiveConnection {
  return {
    profile,
    db,
    sync: new SyncController(bridge, profile, db),
    scheduledExports: new ScheduledExporter(bridge, profile, db),
  }
}
