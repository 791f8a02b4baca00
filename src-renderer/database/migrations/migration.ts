import type { Transaction } from 'dexie'

/** The long upgrades, which tell how far they have come. */
export type UpgradeStep = 'export-log' | 'payments'

/** `done` of `total` (the export log's rows, or the register sessions read) of a long upgrade. */
export type UpgradeProgress = (done: number, total: number, step: UpgradeStep) => void

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
