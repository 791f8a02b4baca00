import { bridgeResult, type BridgeResult } from '../../src-shared/bridge/bridge-errors'

/** One bridge call over the browser shell's HTTP (./http-transport.ts), once signed in. */

export const JSON_HEADERS = { 'Content-Type': 'application/json' }

function transportFailure(message: string): BridgeResult<unknown> {
  return { ok: false, error: { kind: 'network', message } }
}

/**
 * The shell refused the call for its size (src-node/bounded-body.ts): no fault of the network,
 * nor of whatever the call was for.
 */
function tooLarge(answer: unknown): BridgeResult<unknown> {
  const limit = (answer as { limit?: unknown } | null)?.limit
  const most = typeof limit === 'number' ? ` (it takes at most ${limit} bytes a call)` : ''
  return {
    ok: false,
    error: { kind: 'validation', message: `The request was too large for this shell${most}.` },
  }
}

/** Posts `input` to `channel` on the page's own origin; the answer, or the failure in words. */
export async function callOverHttp(
  channel: string,
  input: unknown,
): Promise<BridgeResult<unknown>> {
  let response: Response
  try {
    response = await fetch(`/bridge/call/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: JSON_HEADERS,
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
  const answer: unknown = await response.json().catch(() => null)
  if (response.status === 413) return tooLarge(answer)
  const parsed = bridgeResult.safeParse(answer)
  return parsed.success
    ? (parsed.data as BridgeResult<unknown>)
    : transportFailure(`Unexpected answer (HTTP ${response.status}).`)
}
