import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in Apps API on loopback that answers as docs/service.md#apps-api says the service does,
 * keyed by the API key the client sends: `good-key` may read everything, `bills-only-key` lacks the
 * expenses scope, `no-scope-key` lacks both, `gone-store-key` is for an uninstalled store,
 * `html-key` gets an HTML 502 page; any other key is refused with 401.
 */
export async function startStubAppsApi(): Promise<{
  url: string
  requests: Array<{ path: string; headers: Record<string, unknown> }>
  close(): Promise<void>
}> {
  const requests: Array<{ path: string; headers: Record<string, unknown> }> = []
  const server: Server = createServer((request, response) => {
    requests.push({ path: request.url ?? '', headers: request.headers })
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '')
    const area = request.url?.startsWith('/apps-v1/expenses')
      ? 'expenses'
      : request.url?.startsWith('/apps-v1/sales/bills')
        ? 'bills'
        : null
    if (!area) return json(404, { error: 'not_found', error_description: 'No such endpoint' })
    if (!request.headers['x-service-store'])
      return json(400, { error: 'missing_store', error_description: 'X-Service-Store is required' })
    if (key === 'html-key') {
      response.writeHead(502, { 'Content-Type': 'text/html' })
      return response.end('<html><body><h1>502 Bad Gateway</h1></body></html>')
    }
    if (key === 'gone-store-key')
      return json(403, {
        error: 'install_inactive',
        error_description: 'The app is not installed for this store',
      })
    const scopes: Record<string, string[]> = {
      'good-key': ['r/history-bill', 'r/read-expenses'],
      'bills-only-key': ['r/history-bill'],
      'no-scope-key': [],
    }
    const granted = scopes[key]
    if (!granted) return json(401, { error: 'unauthorized', error_description: 'Invalid API key' })
    const needed = area === 'bills' ? 'r/history-bill' : 'r/read-expenses'
    if (!granted.includes(needed))
      return json(403, {
        error: 'insufficient_scope',
        error_description: 'Missing scope',
        scope: needed,
      })
    return json(200, { data: [], meta: { page: 1, limit: 1, total: 0, last_page: 1 } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
