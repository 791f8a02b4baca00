import type { IncomingMessage } from 'node:http'

/** Past this much, an oversized body is no longer read to the end; the connection is cut. */
const DRAIN_FACTOR = 4

/**
 * The request body as raw bytes, or null when it is larger than `limit`. An oversized body is
 * read on (and dropped) up to a point, so the sender gets its 413 rather than a reset.
 */
export async function readCappedBody(
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
