import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { Readable } from 'node:stream'
import { ServiceError } from '../till-errors'

/** One answer of the service, read whole. */
export interface HttpAnswer {
  status: number
  text: string
  retryAfter: string | null
}

interface HttpGetOptions {
  headers: Record<string, string>
  /** For the whole exchange, body included. */
  timeoutMs: number
  /** The most bytes of body (once decoded) read; past it the read stops. */
  limitBytes: number
}

/**
 * One GET to the Apps API. Rejects with AnswerTooLargeError past the limit and with a plain
 * Error for anything else that kept a whole answer from arriving.
 */
export type HttpGet = (url: URL, options: HttpGetOptions) => Promise<HttpAnswer>

export class AnswerTooLargeError extends ServiceError {}

function tooLarge(url: URL, limitBytes: number): AnswerTooLargeError {
  return new AnswerTooLargeError(
    `The answer from ${url.host} was larger than ${limitBytes / 2 ** 20} MB, more than Till reads.`,
  )
}

/** The body as the service encoded it, decoded the way a browser would. */
function decodedBody(response: IncomingMessage): Readable {
  switch (response.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip())
    case 'deflate':
      return response.pipe(createInflate())
    case 'br':
      return response.pipe(createBrotliDecompress())
    default:
      return response
  }
}

function readCapped(
  response: IncomingMessage,
  url: URL,
  limitBytes: number,
  done: (error: Error | null, text?: string) => void,
): void {
  if (Number(response.headers['content-length']) > limitBytes) {
    response.resume()
    return done(tooLarge(url, limitBytes))
  }
  const body = decodedBody(response)
  const chunks: Buffer[] = []
  let length = 0
  body.on('data', (chunk: Buffer) => {
    length += chunk.byteLength
    if (length > limitBytes) return done(tooLarge(url, limitBytes))
    chunks.push(chunk)
  })
  body.on('end', () =>
    response.complete
      ? done(null, Buffer.concat(chunks, length).toString('utf8'))
      : done(new Error('the connection closed before the whole answer arrived')),
  )
  body.on('error', (error) => done(error))
  response.on('error', (error) => done(error))
}

/**
 * The Apps API's transport: node's own HTTP client over kept-alive connections. It costs main a
 * third of the CPU of `fetch` per request (40–55 µs against 150–200;
 * docs/benchmarks.md#first-sync), which a first sync of many bills, one request each, pays in
 * full. Redirects are refused, as the service has no reason to send one and the key must not
 * follow it elsewhere.
 */
export function createHttpGet(): HttpGet {
  const agents = {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true }),
  }
  return (url, { headers, timeoutMs, limitBytes }) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const https = url.protocol === 'https:'
      const request = (https ? httpsRequest : httpRequest)(
        url,
        {
          agent: https ? agents.https : agents.http,
          headers: { 'Accept-Encoding': 'gzip, deflate, br', ...headers },
        },
        (response) => {
          const status = response.statusCode ?? 0
          if (status >= 300 && status < 400) {
            response.resume()
            return finish(new Error(`redirected (HTTP ${status}), which Till does not follow`))
          }
          const retryAfter = response.headers['retry-after'] ?? null
          readCapped(response, url, limitBytes, (error, text) =>
            error ? finish(error) : finish(null, { status, text: text!, retryAfter }),
          )
        },
      )
      let settled = false
      const timer = setTimeout(
        () => finish(new Error(`no whole answer within ${timeoutMs / 1000} s`)),
        timeoutMs,
      )
      function finish(error: Error | null, answer?: HttpAnswer): void {
        if (settled) return
        settled = true
        clearTimeout(timer)
        if (error) {
          request.destroy()
          reject(error)
        } else resolve(answer!)
      }
      request.on('error', (error) => finish(error))
      request.end()
    })
}
