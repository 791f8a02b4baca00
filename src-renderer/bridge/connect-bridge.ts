import type { TillBridgeTransport } from '../../src-shared/bridge/api'
import { createBridgeClient, type TillBridge } from './bridge-client'
import { createHttpTransport, takeLaunchToken } from './http-transport'

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser shell. */
    till?: TillBridgeTransport
  }
}

export function connectBridge(win: Window): TillBridge {
  return createBridgeClient(win.till ?? createHttpTransport(takeLaunchToken(win)))
}
