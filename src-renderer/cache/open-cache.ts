import { databaseName, TillDatabase } from './database'
import type { UpgradeProgress } from './migrations/migration'

/**
 * Opens a connection profile's cache. The demo shop is generated anew at each launch, and
 * `demoEpoch` names the one running: a cache of an older one is dropped. A cache of an earlier
 * Till is upgraded as it opens, telling `onUpgrade` how far it has come.
 */
export async function openCache(
  profileId: string,
  demoEpoch: string | null,
  onUpgrade?: UpgradeProgress,
): Promise<TillDatabase> {
  const db = new TillDatabase(databaseName(profileId), undefined, onUpgrade)
  await db.open()
  if (!demoEpoch) return db
  const cachedEpoch = (await db.meta.get('demo-epoch'))?.value
  if (cachedEpoch === demoEpoch) return db
  await db.delete()
  const fresh = new TillDatabase(databaseName(profileId))
  await fresh.meta.put({ key: 'demo-epoch', value: demoEpoch })
  return fresh
}
