export { type SetAsidePages, watchSetAsidePages } from './jobs/set-aside-pages'
