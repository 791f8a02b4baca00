import type { BridgeResult } from './bridge-errors'
import type { BridgeEvent } from './contract'

/**
 * What a shell gives the renderer: the preload exposes it as `window.till` in Electron, and the
 * browser shell's HTTP stand-in implements it in the page. Results and events are untrusted until
 * the renderer's client has checked them against the contract.
 */
export interface TillBridgeTransport {
  call(channel: string, input: unknown): Promise<BridgeResult<unknown>>
  subscribe(listener: (event: BridgeEvent) => void): () => void
}

export const IPC_CALL_PREFIX = 'till:call:'
export const IPC_EVENT_CHANNEL = 'till:event'
