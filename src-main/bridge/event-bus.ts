import {
  events,
  type BridgeEvent,
  type EventName,
  type EventPayload,
} from '../../src-shared/bridge/contract'
import type { Logger } from '../logging/logger'

export type EventListener = (event: BridgeEvent) => void

/** Main → renderer events, checked against the contract before any shell forwards them. */
export class EventBus {
  private readonly listeners = new Set<EventListener>()

  constructor(private readonly log: Logger) {}

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const parsed = events[name].safeParse(payload)
    if (!parsed.success) {
      this.log.error('event payload broke its schema; not sent', { event: name })
      return
    }
    const event = { name, payload: parsed.data } as BridgeEvent
    for (const listener of this.listeners) listener(event)
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
