import { createContext, useContext } from 'react'
import type { TillBridge } from '../../bridge/bridge-client'

export const BridgeContext = createContext<TillBridge | null>(null)

export function useBridge(): TillBridge {
  const bridge = useContext(BridgeContext)
  if (!bridge) throw new Error('useBridge outside BridgeContext')
  return bridge
}
