import { contextBridge, ipcRenderer } from 'electron'
import {
  IPC_CALL_PREFIX,
  IPC_EVENT_CHANNEL,
  type TillBridgeTransport,
} from '../src-shared/bridge/api'
import type { BridgeEvent } from '../src-shared/bridge/contract'
import { isChannelName } from '../src-shared/bridge/contract'

/**
 * Exposes the bridge contract and nothing else: no ipcRenderer, no process, no Node. Unknown
 * channels are answered here as typed errors; main validates everything again on arrival.
 */
const till: TillBridgeTransport = {
  call: async (channel, input) => {
    if (!isChannelName(channel)) {
      return {
        ok: false,
        error: {
          kind: 'unknown_channel',
          message: `Till has no channel “${String(channel).slice(0, 80)}”.`,
        },
      }
    }
    return ipcRenderer.invoke(`${IPC_CALL_PREFIX}${channel}`, input)
  },
  subscribe: (listener) => {
    const forward = (_event: unknown, payload: BridgeEvent): void => listener(payload)
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward)
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward)
    }
  },
}

contextBridge.exposeInMainWorld('till', till)
