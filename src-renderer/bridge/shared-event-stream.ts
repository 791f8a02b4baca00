import { bridgeEvent, type BridgeEvent } from '../../src-shared/bridge/contract'

type Deliver = (event: BridgeEvent) => void

/** Reads the browser shell's event stream until the page goes, reconnecting as it needs. */
export type ReadEventStream = (deliver: Deliver) => Promise<void>

/** What of the browser this needs; absent parts mean one stream per tab, as before. */
export interface TabCoordination {
  locks?: Pick<LockManager, 'request'>
  openChannel?: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'onmessage'>
}

const LEADER_LOCK = 'till-bridge-event-stream'
const CHANNEL = 'till-bridge-events'

/**
 * One event stream for all the tabs Till is open in. Each stream holds one of the six
 * connections a browser keeps to a host; a stream per tab (let alone per listener) left a fourth
 * tab nothing to load with. The tab that holds the lock reads the stream and passes each event
 * to the others over a BroadcastChannel; when it closes, the lock passes to another tab, which
 * opens the stream in its place. Within a tab every listener shares it too. Returns `subscribe`.
 */
export function sharedEventStream(
  read: ReadEventStream,
  coordination: TabCoordination,
): (listener: Deliver) => () => void {
  const listeners = new Set<Deliver>()
  const deliver: Deliver = (event) => {
    for (const listener of listeners) listener(event)
  }
  let started = false
  const start = (): void => {
    started = true
    const { locks, openChannel } = coordination
    if (!locks || !openChannel) {
      void read(deliver)
      return
    }
    const channel = openChannel(CHANNEL)
    channel.onmessage = (message: MessageEvent) => {
      const parsed = bridgeEvent.safeParse(message.data)
      if (parsed.success) deliver(parsed.data as BridgeEvent)
    }
    // Held for as long as this tab reads the stream, which is until it closes.
    void locks.request(LEADER_LOCK, () =>
      read((event) => {
        deliver(event)
        channel.postMessage(event)
      }),
    )
  }
  return (listener) => {
    listeners.add(listener)
    if (!started) start()
    return () => listeners.delete(listener)
  }
}
