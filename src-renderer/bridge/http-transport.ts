import type { TillBridgeTransport } from '../../src-shared/bridge/api'
import { bridgeEvent, type BridgeEvent } from '../../src-shared/bridge/contract'
import { bridgeResult, type BridgeResult } from '../../src-shared/bridge/bridge-errors'

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

function transportFailure(message: string): BridgeResult<unknown> {
  return { ok: false, error: { kind: 'network', message } }
}

/** The stand-in for the preload: the same contract over HTTP to the browser shell. */
export function createHttpTransport(launchToken: string | null): TillBridgeTransport {
  const signedIn = signIn(launchToken)
  const headers = { 'Content-Type': 'application/json' }
  return {
    call: async (channel, input) => {
      await signedIn
      let response: Response
      try {
        response = await fetch(`/bridge/call/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ input }),
        })
      } catch {
        return transportFailure('Till’s background service is not answering. Is it still running?')
      }
      if (response.status === 401) {
        return {
          ok: false,
          error: {
            kind: 'auth',
            message:
              'This browser is not signed in to Till. The address Till prints opens it once, in one browser: restart Till for a new address.',
          },
        }
      }
      const parsed = bridgeResult.safeParse(await response.json().catch(() => null))
      return parsed.success
        ? (parsed.data as BridgeResult<unknown>)
        : transportFailure(`Unexpected answer (HTTP ${response.status}).`)
    },
    subscribe: (listener) => {
      const controller = new AbortController()
      const listen = async (): Promise<void> => {
        await signedIn
        while (!controller.signal.aborted) {
          try {
            const response = await fetch('/bridge/events', { headers, signal: controller.signal })
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
                if (parsed.success) listener(parsed.data as BridgeEvent)
              }
            }
          } catch {
            // Reconnect below unless we were stopped.
          }
          if (!controller.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1000))
        }
      }
      void listen()
      return () => controller.abort()
    },
  }
}
