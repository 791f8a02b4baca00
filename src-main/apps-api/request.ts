import { NetworkError, ServiceError } from '../till-errors'
import { appsApiUrl, authHeaders, type ServiceConnection } from './connection'
import { serviceErrorFor } from './service-errors'

/** The largest answer Till reads (documented in the README); the read stops past it. */
const ANSWER_LIMIT_BYTES = 32 * 2 ** 20

export class AnswerTooLargeError extends ServiceError {}

export type FetchLike = (input: URL, init: RequestInit) => Promise<Response>

export interface RawAnswer {
  status: number
  text: string
  retryAfter: string | null
  host: string
}

/** One GET to the Apps API, read whole. Throws NetworkError when no complete answer arrived. */
export async function fetchOnce(
  connection: ServiceConnection,
  path: string,
  query: Record<string, string | number>,
  fetch: FetchLike,
  timeoutMs: number,
): Promise<RawAnswer> {
  const url = appsApiUrl(connection.baseUrl, path, query)
  try {
    const response = await fetch(url, {
      headers: authHeaders(connection),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
    return {
      status: response.status,
      text: await cappedText(response, url.host),
      retryAfter: response.headers.get('retry-after'),
      host: url.host,
    }
  } catch (error) {
    if (error instanceof AnswerTooLargeError) throw error
    throw new NetworkError(
      `Till couldn't reach ${url.host}. Check the Service URL and that this PC is online.`,
      [
        error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
          : String(error),
      ],
    )
  }
}

/** The body as text, read no further than ANSWER_LIMIT_BYTES. */
async function cappedText(response: Response, host: string): Promise<string> {
  const tooLarge = (): AnswerTooLargeError =>
    new AnswerTooLargeError(
      `The answer from ${host} was larger than ${ANSWER_LIMIT_BYTES / 2 ** 20} MB, more than Till reads.`,
    )
  if (Number(response.headers.get('content-length')) > ANSWER_LIMIT_BYTES) {
    await response.body?.cancel()
    throw tooLarge()
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let length = 0
  let text = ''
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    length += chunk.value.byteLength
    if (length > ANSWER_LIMIT_BYTES) {
      await reader.cancel()
      throw tooLarge()
    }
    text += decoder.decode(chunk.value, { stream: true })
  }
  return text + decoder.decode()
}

/** Parses a 2xx body; a cut-off body is a network failure (worth retrying), not a bad record. */
export function parseJsonAnswer(answer: RawAnswer): unknown {
  if (answer.status < 200 || answer.status > 299) throw serviceErrorFor(answer.status, answer.text)
  try {
    return JSON.parse(answer.text) as unknown
  } catch {
    throw new NetworkError(`The answer from ${answer.host} was cut off or was not JSON.`, [
      `HTTP ${answer.status}`,
    ])
  }
}

/** A single GET without retries (Test connection wants the first answer, not the fifth). */
export async function getJson(
  connection: ServiceConnection,
  path: string,
  query: Record<string, string | number>,
  { fetch, timeoutMs = 15_000 }: { fetch: FetchLike; timeoutMs?: number },
): Promise<unknown> {
  return parseJsonAnswer(await fetchOnce(connection, path, query, fetch, timeoutMs))
}
