import { NetworkError } from '../errors'
import { appsApiUrl, authHeaders, type ServiceConnection } from './connection'
import { serviceErrorFor } from './service-errors'

export type FetchLike = (input: URL, init: RequestInit) => Promise<Response>

export interface RequestOptions {
  fetch: FetchLike
  timeoutMs?: number
}

/** One GET to the Apps API: JSON on 2xx, a named error otherwise. Retries belong to the caller. */
export async function getJson(
  connection: ServiceConnection,
  path: string,
  query: Record<string, string | number>,
  { fetch, timeoutMs = 15_000 }: RequestOptions,
): Promise<unknown> {
  const url = appsApiUrl(connection.baseUrl, path, query)
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      headers: authHeaders(connection),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
    text = await response.text()
  } catch (error) {
    throw new NetworkError(
      `Till couldn't reach ${url.host}. Check the Service URL and that this PC is online.`,
      [error instanceof Error ? error.message : String(error)],
    )
  }
  if (!response.ok) throw serviceErrorFor(response.status, text)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new NetworkError(`The answer from ${url.host} was cut off or was not JSON.`, [
      `HTTP ${response.status}`,
    ])
  }
}
