import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string }

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost']

function allowedHosts(port: number): Set<string> {
  return new Set(LOOPBACK_HOSTS.map((host) => `${host}:${port}`))
}

/**
 * Host must name this loopback listener (a DNS-rebound page arrives with its own host name);
 * Origin, when the browser sends one, must be this listener too (no other site may call in).
 */
export function checkHostAndOrigin(request: IncomingMessage, port: number): GuardVerdict {
  const hosts = allowedHosts(port)
  const host = request.headers.host ?? ''
  if (!hosts.has(host.toLowerCase())) return { ok: false, status: 403, reason: 'foreign host' }
  const origin = request.headers.origin
  if (origin !== undefined && !hosts.has(origin.toLowerCase().replace(/^http:\/\//, ''))) {
    return { ok: false, status: 403, reason: 'foreign origin' }
  }
  if (origin !== undefined && !origin.toLowerCase().startsWith('http://')) {
    return { ok: false, status: 403, reason: 'foreign origin' }
  }
  return { ok: true }
}

export const TOKEN_HEADER = 'x-till-token'

export function checkToken(request: IncomingMessage, token: string): GuardVerdict {
  const given = request.headers[TOKEN_HEADER]
  if (typeof given !== 'string') return { ok: false, status: 401, reason: 'missing token' }
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  if (a.length !== b.length || !timingSafeEqual(a, b))
    return { ok: false, status: 401, reason: 'wrong token' }
  return { ok: true }
}
