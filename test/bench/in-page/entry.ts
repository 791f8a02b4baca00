import { dayCloseCompute, dayCloseFromCache } from './day-close'
import { exportJournal, exportPlainCsv } from './journal-export'
import { timeNextChange, timeSinceNavigation, watchUpgrade } from './screen-timing'
import { seedShop } from './seed'
import {
  carryRowLog,
  forgetTalliesAndCounts,
  movePaymentsOntoBills,
  readBillsAsTheFill,
  upgradeState,
} from './upgrade'

/** What the bench calls in the page: bundled on its own, never part of the app's bundle. */
export const benchApi = {
  seedShop,
  dayCloseCompute,
  dayCloseFromCache,
  exportJournal,
  exportPlainCsv,
  timeNextChange,
  timeSinceNavigation,
  forgetTalliesAndCounts,
  watchUpgrade,
  upgradeState,
  carryRowLog,
  movePaymentsOntoBills,
  readBillsAsTheFill,
}

export type BenchApi = typeof benchApi

Object.assign(globalThis, { tillBench: benchApi })
