import type { Transaction } from 'dexie'
import type { UpgradeProgress } from '../log-pages-upgrade'

/**
 * One version of the cache's schema: the stores it adds, changes or drops (null) over the
 * version before, and what its upgrade does to the rows a cache of the version before holds.
 */
export interface Migration {
  version: number
  stores: Record<string, string | null>
  /** `onUpgrade` hears how far a long upgrade has come. */
  upgrade?: (tx: Transaction, onUpgrade?: UpgradeProgress) => Promise<unknown>
}
