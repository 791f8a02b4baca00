import { EventEmitter } from 'node:events'

/**
 * A recording stand-in for the `electron` module, enough for the built main bundle to run its
 * start-up in plain Node. Tests read what main asked Electron to do from `recorded`.
 */
export interface WindowOptions {
  webPreferences: Record<string, unknown> & { preload: string }
  [option: string]: unknown
}

export class WebContentsStandIn extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  send(): void {}
  async printToPDF(): Promise<Buffer> {
    return Buffer.from('%PDF-1.4 stand-in')
  }
}

export interface Recorded {
  windows: Array<{
    options: WindowOptions
    loadedUrl: string | null
    contents: WebContentsStandIn
  }>
  ipcHandlers: Map<string, (event: unknown, ...args: unknown[]) => unknown>
  privilegedSchemes: unknown[]
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>
  permissionRequestHandler:
    null | ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void)
  permissionCheckHandler: null | ((...args: unknown[]) => boolean)
  openedExternally: string[]
  sandboxEnabled: boolean
  /** Where the save dialog answers a PDF goes. */
  pdfPath: string
  singleInstanceLockRequested: boolean
}

export function createElectronStandIn(userData: string): {
  electron: Record<string, unknown>
  recorded: Recorded
} {
  const recorded: Recorded = {
    windows: [],
    ipcHandlers: new Map(),
    privilegedSchemes: [],
    protocolHandlers: new Map(),
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    openedExternally: [],
    sandboxEnabled: false,
    singleInstanceLockRequested: false,
    pdfPath: `${userData}/day-close.pdf`,
  }
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    getVersion: () => '0.0.0-test',
    getPath: () => userData,
    setPath: () => undefined,
    setAppUserModelId: () => undefined,
    enableSandbox: () => void (recorded.sandboxEnabled = true),
    requestSingleInstanceLock: () => (recorded.singleInstanceLockRequested = true),
    whenReady: () => Promise.resolve(),
    quit: () => undefined,
  })

  class BrowserWindow extends EventEmitter {
    static all: BrowserWindow[] = []
    static getAllWindows = (): BrowserWindow[] => BrowserWindow.all
    webContents: WebContentsStandIn
    constructor(options: WindowOptions) {
      super()
      this.webContents = new WebContentsStandIn()
      const entry = { options, loadedUrl: null as string | null, contents: this.webContents }
      recorded.windows.push(entry)
      BrowserWindow.all.push(this)
      app.emit('web-contents-created', {}, this.webContents)
      this.loadURL = async (url: string) => void (entry.loadedUrl = url)
    }
    loadURL: (url: string) => Promise<void>
    maximize(): void {}
    show(): void {}
    isMinimized(): boolean {
      return false
    }
    isMaximized(): boolean {
      return false
    }
    getNormalBounds() {
      return { x: 0, y: 0, width: 1280, height: 820 }
    }
  }

  const electron = {
    app,
    BrowserWindow,
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
        recorded.ipcHandlers.set(channel, handler),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) =>
        recorded.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        recorded.protocolHandlers.set(scheme, handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof recorded.permissionRequestHandler) =>
          (recorded.permissionRequestHandler = h),
        setPermissionCheckHandler: (h: typeof recorded.permissionCheckHandler) =>
          (recorded.permissionCheckHandler = h),
      },
    },
    dialog: { showSaveDialog: async () => ({ canceled: false, filePath: recorded.pdfPath }) },
    shell: { openExternal: async (url: string) => void recorded.openedExternally.push(url) },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  }
  return { electron, recorded }
}
