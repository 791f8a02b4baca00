import { NetworkError } from '../till-errors'
import { appsApiUrl, authHeaders, type ServiceConnection } from './connection'
import { AnswerTooLargeError, type HttpAnswer, type HttpGet } from './http-get'
import { serviceErrorFor } from './service-errors'

/** The largest answer Till reads (documented in the README); the read stops past it. */
const ANSWER_LIMIT_BYTES = 32 * 2 ** 20

export interface RawAnswer extends HttpAnswer {
  host: string
}

/** One GET to the Apps API, read whole. Throws NetworkError when no complete answer arrived. */
export async function getOnce(
  connection: ServiceConnection,
  path: string,
  query: Record<string, string | number>,
  httpGet: HttpGet,
  timeoutMs: number,
): Promise<RawAnswer> {
  const url = appsApiUrl(connection.baseUrl, path, query)
  try {
    const answer = await httpGet(url, {
      headers: authHeaders(connection),
      timeoutMs,
      limitBytes: ANSWER_LIMIT_BYTES,
    })
    return { ...answer, host: url.host }
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
  { httpGet, timeoutMs = 15_000 }: { httpGet: HttpGet; timeoutMs?: number },
): Promise<unknown> {
  return parseJsonAnswer(await getOnce(connection, path, query, httpGet, timeoutMs))
}
