import type { TillBridgeTransport } from '../../src-shared/bridge/api'
import { bridgeEvent, type BridgeEvent } from '../../src-shared/bridge/contract'
import { bridgeResult, type BridgeResult } from '../../src-shared/bridge/errors'

const TOKEN_KEY = 'till.browser-shell.token'

/**
 * The browser shell's token arrives in the URL fragment (never sent to a server). It moves to
 * sessionStorage, which survives a reload of this tab only, and leaves the address bar.
 */
export function takeLaunchToken(win: Window): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(win.location.hash)
  if (match?.[1]) {
    win.sessionStorage.setItem(TOKEN_KEY, match[1])
    win.history.replaceState(null, '', win.location.pathname + win.location.search)
    return match[1]
  }
  return win.sessionStorage.getItem(TOKEN_KEY)
}

function transportFailure(message: string): BridgeResult<unknown> {
  return { ok: false, error: { kind: 'network', message } }
}

/** The stand-in for the preload: the same contract over HTTP to the browser shell. */
export function createHttpTransport(token: string | null): TillBridgeTransport {
  const headers = { 'Content-Type': 'application/json', 'X-Till-Token': token ?? '' }
  return {
    call: async (channel, input) => {
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
            message: 'This tab has no valid launch token. Open Till from the address it printed.',
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
