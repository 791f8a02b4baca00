import type { TillBridgeTransport } from '../../src-shared/bridge/api'
import { bridgeEvent, type BridgeEvent } from '../../src-shared/bridge/contract'
import { callOverHttp, JSON_HEADERS } from './http-call'
import { sharedEventStream } from './shared-event-stream'

/**
 * The browser shell's launch token arrives in the URL fragment (never sent to a server). It
 * leaves the address bar at once and is kept nowhere: the transport trades it for a session
 * cookie, after which the token is spent.
 */
export function takeLaunchToken(win: Window): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(win.location.hash)
  if (!match?.[1]) return null
  win.history.replaceState(null, '', win.location.pathname + win.location.search)
  return match[1]
}

/**
 * Trades the launch token for the session cookie. A refusal is no error here: on a reload, or
 * when the printed address is opened again in the same browser, the cookie is already set; where
 * it is not, calls answer 401 and say so.
 */
function signIn(launchToken: string | null): Promise<void> {
  if (launchToken === null) return Promise.resolve()
  return fetch('/bridge/session', {
    method: 'POST',
    headers: { 'X-Till-Token': launchToken },
  }).then(
    () => undefined,
    () => undefined,
  )
}

/** Reads `/bridge/events` for as long as the page lives, reconnecting a second after a break. */
async function readEventStream(
  signedIn: Promise<void>,
  deliver: (event: BridgeEvent) => void,
): Promise<void> {
  await signedIn
  for (;;) {
    try {
      const response = await fetch('/bridge/events', { headers: JSON_HEADERS })
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      while (reader) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = frame.split('\n').find((line) => line.startsWith('data: '))
          if (!data) continue
          const parsed = bridgeEvent.safeParse(JSON.parse(data.slice(6)))
          if (parsed.success) deliver(parsed.data as BridgeEvent)
        }
      }
    } catch {
      // Reconnect below.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/** The stand-in for the preload: the same contract over HTTP to the browser shell. */
export function createHttpTransport(launchToken: string | null): TillBridgeTransport {
  const signedIn = signIn(launchToken)
  return {
    call: async (channel, input) => {
      await signedIn
      return callOverHttp(channel, input)
    },
    subscribe: sharedEventStream((deliver) => readEventStream(signedIn, deliver), {
      locks: globalThis.navigator?.locks,
      openChannel:
        typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name),
    }),
  }
}
