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

const TOKEN_HEADER = 'x-till-token'

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Whether the request carries the printed launch token (in its header, for the exchange). */
export function checkToken(request: IncomingMessage, token: string): GuardVerdict {
  const given = request.headers[TOKEN_HEADER]
  if (typeof given !== 'string') return { ok: false, status: 401, reason: 'missing token' }
  if (!sameSecret(given, token)) return { ok: false, status: 401, reason: 'wrong token' }
  return { ok: true }
}

/**
 * The session cookie's name carries the port: cookies are shared by every port of a host, and a
 * Till on another port must not take this one's session for its own (nor the other way round).
 */
export function sessionCookieName(port: number): string {
  return `till-session-${port}`
}

/** Whether the request carries this listener's session cookie with the session's value. */
export function checkSession(
  request: IncomingMessage,
  port: number,
  session: string | null,
): GuardVerdict {
  const name = sessionCookieName(port)
  const given = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1]
  if (session === null || given === undefined)
    return { ok: false, status: 401, reason: 'no session' }
  if (!sameSecret(given, session)) return { ok: false, status: 401, reason: 'wrong session' }
  return { ok: true }
}
