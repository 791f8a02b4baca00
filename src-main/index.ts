import { join } from 'node:path'
import { app, BrowserWindow } from 'electron'
import { IPC_EVENT_CHANNEL } from '../src-shared/bridge/api'
import { createKeychainSecretStore, keychainServiceName } from './keychain/secret-store'
import { loadKeytar } from './keychain/load-keytar'
import { addLogSink, stderrLogSink } from './logging/logger'
import { createServices } from './services'
import { registerAppScheme, serveRenderer } from './electron-shell/app-protocol'
import { denyAllPermissions, hardenWebContents } from './electron-shell/hardening'
import { registerIpcHandlers } from './electron-shell/ipc'
import { createMainWindow } from './electron-shell/main-window'
import { windowStateFile } from './electron-shell/window-state'
import { pdfSaver } from './electron-shell/save-pdf'
import { exportDialogs } from './electron-shell/export-dialogs'
import { openLinkOutside } from './electron-shell/open-external'

/** The Electron shell: main's services, one secure window, the contract over IPC. */
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL

if (process.env.TILL_DATA_DIR) app.setPath('userData', process.env.TILL_DATA_DIR)
app.setAppUserModelId('app.till.desktop')
app.enableSandbox()
registerAppScheme()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  addLogSink(stderrLogSink)
  const services = createServices({
    dataDir: app.getPath('userData'),
    secrets: createKeychainSecretStore(loadKeytar, keychainServiceName()),
    shell: 'electron',
    version: app.getVersion(),
    openExternal: async (url) => {
      await openLinkOutside(url)
    },
    savePdf: pdfSaver(() => mainWindow),
    exportDialogs: exportDialogs(() => mainWindow),
  })
  const log = services.log.child('electron')
  void services.start()
  hardenWebContents(log, devServerUrl)
  let mainWindow: BrowserWindow | null = null

  const openWindow = async (): Promise<void> => {
    const stateFile = windowStateFile(services.dataDir, log)
    mainWindow = createMainWindow(await stateFile.load(), devServerUrl)
    stateFile.track(mainWindow)
    mainWindow.on('closed', () => (mainWindow = null))
  }

  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  app
    .whenReady()
    .then(async () => {
      denyAllPermissions()
      serveRenderer(join(__dirname, '../renderer'))
      registerIpcHandlers(services.dispatch, log, devServerUrl)
      services.events.subscribe((event) => mainWindow?.webContents.send(IPC_EVENT_CHANNEL, event))
      await openWindow()
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) void openWindow()
      })
    })
    .catch((error: unknown) => {
      log.error('failed to start', { error })
      app.quit()
    })

  let stopped = false
  app.on('will-quit', (event) => {
    if (stopped) return
    event.preventDefault()
    void services.stop().finally(() => {
      stopped = true
      app.quit()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
