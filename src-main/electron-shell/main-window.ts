import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { BrowserWindow } from 'electron'
import { APP_ORIGIN } from './app-protocol'
import type { WindowState } from './window-state'

function preloadPath(): string {
  return join(__dirname, '../preload/index.js')
}

export function createMainWindow(
  state: WindowState,
  devServerUrl: string | undefined,
): BrowserWindow {
  const preload = preloadPath()
  if (!existsSync(preload))
    throw new Error(`The preload bundle is missing at ${preload}; run the build first.`)
  // The renderer's sandbox: nothing of Node, nothing shared with the preload's world. Written
  // out literally in the constructor call so that Electronegativity (`npm test`) can read it.
  const window = new BrowserWindow({
    ...state,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Till',
    backgroundColor: '#1d232a',
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      preload,
    },
  })
  if (state.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`)
  return window
}
