/**
 * The door to several PCs keeping one set of books: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export { conflictRecordLabel, versionDifferences } from './rules/conflict-words'
export { chooseVersion, countConflict, setAsideRows, sharedConflicts } from './tables/shared-apply'
export { chooseMovement } from './tables/movement-standing'
export { waitingCount } from './tables/shared-outbox'
export { type SetAsideRow, type SharedConflict } from './tables/shared-rows'
export { joinedWords } from './rules/join-words'
export { pcLabel } from './rules/pc-names'
export { historyLines } from './rules/history-words'
