import { useCallback, useEffect, useState } from 'react'
import type { ChannelOutput } from '../../../../src-shared/bridge/contract'
import { useBridge } from '../../hooks/bridge-context'

export type ProfilesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: ChannelOutput<'profiles.list'> }

/** The profile list, refreshed whenever main says it changed. */
export function useProfiles(): [ProfilesState, () => void] {
  const bridge = useBridge()
  const [state, setState] = useState<ProfilesState>({ status: 'loading' })
  const refresh = useCallback(() => {
    bridge
      .call('profiles.list')
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: Error) => setState({ status: 'error', message: error.message }))
  }, [bridge])
  useEffect(() => {
    refresh()
    return bridge.on('profiles.changed', refresh)
  }, [bridge, refresh])
  return [state, refresh]
}
