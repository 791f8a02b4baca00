import type { Secret } from '../logging/secret'

/** What one Apps API call needs: where, which store, which key. */
export interface ServiceConnection {
  baseUrl: string
  storeId: string
  apiKey: Secret
}

export function appsApiUrl(
  baseUrl: string,
  path: string,
  query: Record<string, string | number> = {},
): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/apps-v1${path}`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value))
  return url
}

export function authHeaders(connection: ServiceConnection): Record<string, string> {
  return {
    Authorization: `Bearer ${connection.apiKey.reveal()}`,
    'X-Service-Store': connection.storeId,
    Accept: 'application/json',
  }
}
