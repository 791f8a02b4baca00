import type { TillBridgeTransport } from '../../src-shared/bridge/api'
import {
  channels,
  events,
  type BridgeEvent,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type EventName,
  type EventPayload,
} from '../../src-shared/bridge/contract'
import type { BridgeError, BridgeErrorKind } from '../../src-shared/bridge/bridge-errors'

/** A failed bridge call, with the kind and words main gave it. */
export class BridgeCallError extends Error {
  readonly kind: BridgeErrorKind
  readonly details: string[]
  /** For `shared_books_unreachable`: when the shared books last answered (epoch ms), if ever. */
  readonly lastReachedAt: number | null

  constructor(error: BridgeError) {
    super(error.message)
    this.name = 'BridgeCallError'
    this.kind = error.kind
    this.details = error.details ?? []
    this.lastReachedAt = error.lastReachedAt ?? null
  }
}

export interface TillBridge {
  call<C extends ChannelName>(
    channel: C,
    ...input: ChannelInput<C> extends undefined ? [] : [ChannelInput<C>]
  ): Promise<ChannelOutput<C>>
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void
}

/** The typed client over either transport; answers and events are checked against the contract. */
export function createBridgeClient(transport: TillBridgeTransport): TillBridge {
  return {
    async call(channel, ...args) {
      const result = await transport.call(channel, args[0])
      if (!result.ok) throw new BridgeCallError(result.error)
      const parsed = channels[channel].output.safeParse(result.value)
      if (!parsed.success)
        throw new BridgeCallError({
          kind: 'internal',
          message: `Main sent an answer to ${channel} that does not fit the contract.`,
        })
      return parsed.data as ChannelOutput<typeof channel>
    },
    on(name, listener) {
      return transport.subscribe((event: BridgeEvent) => {
        if (event.name !== name) return
        const parsed = events[name].safeParse(event.payload)
        if (parsed.success) listener(parsed.data as EventPayload<typeof name>)
      })
    },
  }
}
