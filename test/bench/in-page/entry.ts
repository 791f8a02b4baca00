import { dayCloseCompute, dayCloseFromCache } from './day-close'
import { exportJournal, exportPlainCsv } from './journal-export'
import { timeNextChange, timeSinceNavigation } from './screen-timing'
import { seedShop } from './seed'

/** What the bench calls in the page: bundled on its own, never part of the app's bundle. */
export const benchApi = {
  seedShop,
  dayCloseCompute,
  dayCloseFromCache,
  exportJournal,
  exportPlainCsv,
  timeNextChange,
  timeSinceNavigation,
}

export type BenchApi = typeof benchApi

Object.assign(globalThis, { tillBench: benchApi })
