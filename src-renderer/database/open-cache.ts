import { databaseName, TillDatabase } from './database'
import { emptyOldPayments } from './old-payments'
import type { UpgradeProgress } from './migrations/migration'

/**
 * Opens a connection profile's cache. The demo shop is generated anew at each launch, and
 * `demoEpoch` names the one running: a cache of an older one is dropped. A cache of an earlier
 * Till is upgraded as it opens, telling `onUpgrade` how far it has come; what an upgrade left to
 * clear is cleared after the cache opens, beside the screens.
 */
export async function openCache(
  profileId: string,
  demoEpoch: string | null,
  onUpgrade?: UpgradeProgress,
): Promise<TillDatabase> {
  const db = new TillDatabase(databaseName(profileId), undefined, onUpgrade)
  await db.open()
  if (demoEpoch && (await db.meta.get('demo-epoch'))?.value !== demoEpoch) {
    await db.delete()
    const fresh = new TillDatabase(databaseName(profileId))
    await fresh.meta.put({ key: 'demo-epoch', value: demoEpoch })
    return fresh
  }
  emptyOldPayments(db).catch((error: unknown) => {
    // Left for the next opening; a cache closed meanwhile (another profile chosen) lands here too.
    if (db.isOpen()) console.error('The old payments table could not be emptied', error)
  })
  return db
}
