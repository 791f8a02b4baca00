import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { IPC_CALL_PREFIX } from '../../src-shared/bridge/api'
import { channelNames } from '../../src-shared/bridge/contract'
import type { BridgeResult } from '../../src-shared/bridge/bridge-errors'
import type { Dispatch } from '../bridge/dispatcher'
import type { Logger } from '../logging/logger'
import { isAppUrl } from './hardening'

/** Only the app's own top-level page may call in, never a subframe or a foreign page. */
function isTrustedSender(event: IpcMainInvokeEvent, devServerUrl: string | undefined): boolean {
  const frame = event.senderFrame
  if (!frame || frame.parent !== null) return false
  return isAppUrl(frame.url, devServerUrl)
}

/** One ipcMain handler per channel of the contract, each going through the dispatcher. */
export function registerIpcHandlers(
  dispatch: Dispatch,
  log: Logger,
  devServerUrl: string | undefined,
): void {
  for (const channel of channelNames) {
    ipcMain.handle(
      `${IPC_CALL_PREFIX}${channel}`,
      async (event, input: unknown): Promise<BridgeResult<unknown>> => {
        if (!isTrustedSender(event, devServerUrl)) {
          log.warn('refused a call from an untrusted frame', {
            channel,
            url: event.senderFrame?.url.slice(0, 200),
          })
          return { ok: false, error: { kind: 'auth', message: 'This page may not call Till.' } }
        }
        return dispatch(channel, input)
      },
    )
  }
}
