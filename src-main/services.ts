import { join } from 'node:path'
import { EventBus } from './bridge/event-bus'
import { createDispatcher, type Dispatch } from './bridge/dispatcher'
import { createHandlers } from './bridge/handlers'
import type { FetchLike } from './apps-api/request'
import { ProfileStore } from './features/connections/profile-store'
import type { SecretStore } from './keychain/secret-store'
import { addLogSink, createLogger, fileLogSink, type Logger } from './logging/logger'

export interface ServicesOptions {
  dataDir: string
  secrets: SecretStore
  shell: 'electron' | 'browser'
  version: string
  fetch?: FetchLike
  openExternal: (url: string) => Promise<void>
}

/** Main's services, the same in both shells; each shell only adds its transport. */
export interface Services {
  dataDir: string
  shell: 'electron' | 'browser'
  version: string
  secrets: SecretStore
  profiles: ProfileStore
  events: EventBus
  fetch: FetchLike
  openExternal: (url: string) => Promise<void>
  log: Logger
}

export function createServices(options: ServicesOptions): Services & { dispatch: Dispatch } {
  addLogSink(fileLogSink(join(options.dataDir, 'logs', 'main.log')))
  const log = createLogger('main')
  const services: Services = {
    dataDir: options.dataDir,
    shell: options.shell,
    version: options.version,
    secrets: options.secrets,
    profiles: new ProfileStore(options.dataDir, options.secrets, log.child('profiles')),
    events: new EventBus(log.child('events')),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    openExternal: options.openExternal,
    log,
  }
  return { ...services, dispatch: createDispatcher(createHandlers(services), log.child('bridge')) }
}
