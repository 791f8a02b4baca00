/** Small HTTP helpers shared by the Apps API, the control API and the server. */

import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { readBoundedBody } from '../src-node/bounded-body'
import {
  ApiError,
  ConflictError,
  InvalidRequestError,
  PayloadTooLargeError,
  ShopRuleError,
} from './demo-errors'

export interface JsonResponse {
  status: number
  body: unknown
  headers?: Readonly<Record<string, string>>
}

/** A response whose body is already text (an HTML error page, an empty body). */
export interface RawResponse {
  status: number
  text: string
  contentType: string | null
}

export function json(status: number, body: unknown): JsonResponse {
  return { status, body }
}

export function errorResponse(error: ApiError): JsonResponse {
  return { status: error.status, body: error.body(), headers: error.headers }
}

/** The answer for a failed operation: its API error, a broken shop rule as 409; else rethrown. */
export function failureResponse(error: unknown): JsonResponse {
  if (error instanceof ShopRuleError) return errorResponse(new ConflictError(error.message))
  if (error instanceof ApiError) return errorResponse(error)
  throw error
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^Bearer +(\S+)\s*$/i.exec(headers.authorization ?? '')
  return match?.[1] ?? null
}

/** Compares secrets in constant time (hashing first makes the lengths equal). */
export function secretsEqual(given: string | null, expected: string): boolean {
  if (given === null) return false
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

export function writeRaw(res: ServerResponse, response: RawResponse): void {
  const headers: Record<string, string | number> = {
    'Content-Length': Buffer.byteLength(response.text),
  }
  if (response.contentType) headers['Content-Type'] = response.contentType
  res.writeHead(response.status, headers)
  res.end(response.text)
}

/**
 * Writes a JSON response. With `truncate`, only the first half of the body is sent, without a
 * Content-Length, and the response ends normally: the client gets a 2xx with broken JSON.
 */
export function writeJson(res: ServerResponse, response: JsonResponse, truncate = false): void {
  const text = JSON.stringify(response.body)
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    ...response.headers,
  }
  if (truncate) {
    res.writeHead(response.status, headers)
    res.end(text.slice(0, Math.floor(text.length / 2)))
    return
  }
  headers['Content-Length'] = Buffer.byteLength(text)
  res.writeHead(response.status, headers)
  res.end(text)
}

const MAX_JSON_BYTES = 1024 * 1024

/** The request body as bytes; more than `maxBytes` is refused with the oversize answer. */
export async function readRawBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const body = await readBoundedBody(req, maxBytes)
  if (body === null) throw new PayloadTooLargeError(maxBytes)
  return body
}

/** The request body parsed as JSON; an empty body is `{}`. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = (await readRawBody(req, MAX_JSON_BYTES)).toString('utf8').trim()
  if (text === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new InvalidRequestError('The request body is not valid JSON.')
  }
}

/** A URL path segment decoded, or '' when its escapes are malformed (it then matches nothing). */
export function decodePathSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '')
  } catch {
    return ''
  }
}
