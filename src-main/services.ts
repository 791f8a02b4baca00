import * as fs from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { EventBus } from './bridge/event-bus'
import { createDispatcher, type Dispatch } from './bridge/dispatcher'
import type { ChannelHandlers } from './bridge/dispatcher'
import { appHandlers } from './features/app/app-handlers'
import { connectionHandlers } from './features/connections/connection-handlers'
import { demoHandlers } from './features/demo/demo-handlers'
import { exportHandlers, type ExportDialogs } from './features/exports/export-handlers'
import { sharedBooksHandlers } from './features/shared-books/shared-books-handlers'
import { serviceDataHandlers } from './features/service-data/service-data-handlers'
import { webhookHandlers } from './features/webhooks/webhook-handlers'
import { createHttpGet, type HttpGet } from './apps-api/http-get'
import { ProfileStore } from './features/connections/profile-store'
import { WebhookReceiver } from './features/webhooks/receiver'
import { DemoMode, demoOverridesFromEnv, isDemoAccount } from './features/demo/demo-mode'
import { startDemoService } from '../src-demo'
import { ExportFiles } from './features/exports/export-files'
import { ScheduledExportStore } from './features/exports/scheduled-export-store'
import { SharedBooks } from './features/shared-books/shared-books-service'
import { SharedBooksSettings } from './features/shared-books/shared-books-settings'
import { withMemoryFallback } from './keychain/memory-fallback'
import type { SecretStore } from './keychain/secret-store'
import { addLogSink, createLogger, fileLogSink, type Logger } from './logging/logger'

export interface ServicesOptions {
  dataDir: string
  secrets: SecretStore
  shell: 'electron' | 'browser'
  version: string
  httpGet?: HttpGet
  openExternal: (url: string) => Promise<void>
  /** Writes the focused page as a PDF through a save dialog (Electron only). */
  savePdf?: (suggestedName: string) => Promise<boolean>
  /** The demo service's starter; tests pass one with their own options. */
  startDemoService?: typeof startDemoService
  /** Save and folder dialogs for export files (Electron only; the browser shell downloads). */
  exportDialogs?: ExportDialogs
  /** The home folder a typed export folder must be inside; the user's own unless a test says. */
  homeDir?: string
}

/** Main's services, the same in both shells; each shell only adds its transport. */
export interface Services {
  dataDir: string
  shell: 'electron' | 'browser'
  version: string
  secrets: SecretStore
  profiles: ProfileStore
  events: EventBus
  httpGet: HttpGet
  openExternal: (url: string) => Promise<void>
  savePdf: ((suggestedName: string) => Promise<boolean>) | undefined
  log: Logger
  webhooks: WebhookReceiver
  demo: DemoMode
  exportFiles: ExportFiles
  scheduledExports: ScheduledExportStore
  exportDialogs: ExportDialogs | undefined
  sharedBooks: SharedBooks
}

/**
 * Every feature's handlers, registered from this one place; each feature is handed only the
 * services it uses, and a missing channel fails to compile.
 */
function registerHandlers(services: Services): ChannelHandlers {
  const { profiles, secrets, events, httpGet, log, demo, webhooks } = services
  const { version, shell, openExternal, savePdf } = services
  const { exportFiles, scheduledExports, exportDialogs } = services
  return {
    ...appHandlers({ version, shell, openExternal, savePdf, demo }),
    ...connectionHandlers({ profiles, secrets, events, httpGet }),
    ...demoHandlers({ demo, events }),
    ...exportHandlers({ exportFiles, scheduledExports, exportDialogs }),
    ...serviceDataHandlers({ profiles, httpGet, log }),
    ...webhookHandlers({ webhooks }),
    ...sharedBooksHandlers({ sharedBooks: services.sharedBooks }),
  }
}

/** What the shells call once services exist, and on quit. */
export interface ServicesLifecycle {
  start(): Promise<void>
  stop(): Promise<void>
}

export function createServices(
  options: ServicesOptions,
): Services & ServicesLifecycle & { dispatch: Dispatch } {
  const removeFileLog = addLogSink(fileLogSink(join(options.dataDir, 'logs', 'main.log')))
  const log = createLogger('main')
  const profiles = new ProfileStore(
    options.dataDir,
    withMemoryFallback(options.secrets, isDemoAccount),
    log.child('profiles'),
  )
  const events = new EventBus(log.child('events'))
  const webhooks = new WebhookReceiver({
    dataDir: options.dataDir,
    profiles,
    events,
    log: log.child('webhooks'),
  })
  const services: Services = {
    dataDir: options.dataDir,
    shell: options.shell,
    version: options.version,
    secrets: options.secrets,
    profiles,
    events,
    httpGet: options.httpGet ?? createHttpGet(),
    openExternal: options.openExternal,
    savePdf: options.savePdf,
    log,
    webhooks,
    demo: new DemoMode({
      profiles,
      log: log.child('demo'),
      start: options.startDemoService ?? startDemoService,
      webhookTarget: async () => (await webhooks.status()).url,
      overrides: demoOverridesFromEnv(),
      bankStatementFolder: join(options.dataDir, 'demo-bank'),
    }),
    exportFiles: new ExportFiles({ fs }),
    scheduledExports: new ScheduledExportStore(
      options.dataDir,
      log.child('scheduled-exports'),
      options.homeDir ?? homedir(),
    ),
    exportDialogs: options.exportDialogs,
    sharedBooks: new SharedBooks(
      new SharedBooksSettings(options.dataDir, options.secrets, log.child('shared-books')),
      events,
      log.child('shared-books'),
    ),
  }
  return {
    ...services,
    dispatch: createDispatcher(registerHandlers(services), log.child('bridge')),
    start: async () => {
      await services.webhooks.start()
      await services.demo
        .startIfWanted()
        .catch((error: unknown) => log.error('demo mode failed to start', { error }))
    },
    stop: async () => {
      try {
        await services.exportFiles.abortAll()
        await services.sharedBooks.stop()
        await services.demo.stop()
        await services.webhooks.stop()
      } finally {
        removeFileLog()
      }
    },
  }
}
