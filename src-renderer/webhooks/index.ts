/**
 * The door to the service's live updates: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export { type SetAsidePages, watchSetAsidePages } from './jobs/set-aside-pages'
