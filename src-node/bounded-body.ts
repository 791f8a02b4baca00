import type { IncomingMessage } from 'node:http'

/** Past this many times the limit, an oversized body is no longer read on; the connection is cut. */
const DRAIN_FACTOR = 4

/**
 * The request body as raw bytes, or null when it is larger than `limit`. An oversized body is
 * read on (and dropped) up to four times the limit, so the sender gets the oversize answer
 * rather than a reset; past that the connection is cut.
 */
export async function readBoundedBody(
  request: IncomingMessage,
  limit: number,
): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of request) {
    length += (chunk as Buffer).length
    if (length <= limit) chunks.push(chunk as Buffer)
    else if (length > limit * DRAIN_FACTOR) {
      request.destroy()
      return null
    }
  }
  return length > limit ? null : Buffer.concat(chunks, length)
}

/** The JSON body of the oversize answer. */
export type TooLargeBody = {
  error: 'payload_too_large'
  error_description: string
  /** The largest body the endpoint takes, in bytes. */
  limit: number
}

/**
 * The one answer every server of ours gives to a body larger than it takes: status 413 with
 * `{ error: 'payload_too_large', error_description, limit }`, `limit` in bytes.
 */
export function tooLargeAnswer(limit: number): { status: 413; body: TooLargeBody } {
  return {
    status: 413,
    body: {
      error: 'payload_too_large',
      error_description: `The request body is larger than ${limit} bytes.`,
      limit,
    },
  }
}
