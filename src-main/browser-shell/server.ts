import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Dispatch } from '../bridge/dispatcher'
import type { EventBus } from '../bridge/event-bus'
import type { Logger } from '../logging/logger'
import { SECURITY_HEADERS } from '../platform/content-security-policy'
import { readRendererFile } from '../platform/static-files'
import { randomBytes } from 'node:crypto'
import { readBoundedBody, tooLargeAnswer } from '../../src-node/bounded-body'
import {
  checkHostAndOrigin,
  checkSession,
  checkToken,
  sessionCookieName,
  type GuardVerdict,
} from './request-guard'

export const DEFAULT_BROWSER_SHELL_PORT = 47615
const MAX_CALL_BODY_BYTES = 1024 * 1024
const CALL_PATH = /^\/bridge\/call\/([A-Za-z0-9._-]{1,80})$/

export interface BrowserShellOptions {
  port: number
  rendererDir: string
  token: string
  dispatch: Dispatch
  events: EventBus
  log: Logger
}

export interface BrowserShell {
  server: Server
  port: number
  /**
   * The address to open, with the per-launch token in the fragment (never sent to a server). The
   * page trades the token for a session cookie once; a second use of it is refused.
   */
  url: string
  close(): Promise<void>
}

function send(
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  contentType = 'application/json; charset=utf-8',
): void {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
  })
  response.end(body)
}

function refuse(response: ServerResponse, verdict: Exclude<GuardVerdict, { ok: true }>): void {
  send(
    response,
    verdict.status,
    JSON.stringify({
      error: verdict.status === 401 ? 'unauthorized' : 'forbidden',
      error_description: verdict.reason,
    }),
  )
}

/**
 * The browser shell's transport: the built renderer and the bridge contract over HTTP, on
 * 127.0.0.1 only. The printed launch token is good for one exchange, for a session cookie
 * (HttpOnly, SameSite=Strict, named for the port, gone when the browser closes); bridge calls need
 * that cookie. The token left in the browser's history is then spent. Every request needs a
 * loopback Host and, when present, a same-origin Origin. No CORS headers are ever sent.
 */
export async function startBrowserShellServer(options: BrowserShellOptions): Promise<BrowserShell> {
  const { dispatch, events, log, token, rendererDir } = options
  const eventStreams = new Set<ServerResponse>()
  let port = options.port
  /** Set by the one exchange of the launch token. */
  let session: string | null = null

  const handleExchange = (request: IncomingMessage, response: ServerResponse): void => {
    const auth = checkToken(request, token)
    if (!auth.ok) return refuse(response, auth)
    if (session !== null) {
      log.warn('refused a second use of the launch token')
      return refuse(response, {
        ok: false,
        status: 401,
        reason:
          'This address was already used to open Till. Go on in the browser that opened it, or restart Till for a new address.',
      })
    }
    session = randomBytes(32).toString('base64url')
    response.writeHead(204, {
      ...SECURITY_HEADERS,
      'Cache-Control': 'no-store',
      'Set-Cookie': `${sessionCookieName(port)}=${session}; HttpOnly; SameSite=Strict; Path=/`,
    })
    response.end()
  }

  const handleCall = async (
    request: IncomingMessage,
    response: ServerResponse,
    channel: string,
  ): Promise<void> => {
    const bytes = await readBoundedBody(request, MAX_CALL_BODY_BYTES)
    if (bytes === null) {
      const { status, body } = tooLargeAnswer(MAX_CALL_BODY_BYTES)
      return send(response, status, JSON.stringify(body))
    }
    const text = bytes.toString('utf8')
    let body: unknown
    try {
      body = text === '' ? {} : JSON.parse(text)
    } catch {
      return send(
        response,
        400,
        JSON.stringify({
          ok: false,
          error: { kind: 'validation', message: 'The request body is not JSON.' },
        }),
      )
    }
    const input = body && typeof body === 'object' ? (body as { input?: unknown }).input : undefined
    send(response, 200, JSON.stringify(await dispatch(channel, input)))
  }

  const handleEvents = (response: ServerResponse): void => {
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
    })
    response.write(': connected\n\n')
    eventStreams.add(response)
    response.on('close', () => eventStreams.delete(response))
  }

  const unsubscribe = events.subscribe((event) => {
    const frame = `data: ${JSON.stringify(event)}\n\n`
    for (const stream of eventStreams) stream.write(frame)
  })

  const server = createServer((request, response) => {
    const guard = checkHostAndOrigin(request, port)
    if (!guard.ok) {
      log.warn('refused request', { reason: guard.reason, path: request.url })
      return refuse(response, guard)
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    if (path === '/bridge/session' && request.method === 'POST')
      return handleExchange(request, response)
    if (path.startsWith('/bridge/')) {
      const auth = checkSession(request, port, session)
      if (!auth.ok) return refuse(response, auth)
      const call = CALL_PATH.exec(path)
      if (call && request.method === 'POST') {
        handleCall(request, response, call[1] as string).catch((error: unknown) => {
          log.error('bridge call failed', { error })
          if (!response.headersSent) send(response, 500, JSON.stringify({ error: 'internal' }))
        })
        return
      }
      if (path === '/bridge/events' && request.method === 'GET') return handleEvents(response)
      return send(response, 404, JSON.stringify({ error: 'not_found' }))
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, JSON.stringify({ error: 'method_not_allowed' }))
    readRendererFile(rendererDir, path)
      .then((file) =>
        file
          ? send(response, 200, file.body, file.contentType)
          : send(response, 404, 'Not found', 'text/plain'),
      )
      .catch((error: unknown) => {
        log.error('static file failed', { error })
        send(response, 500, 'Internal error', 'text/plain')
      })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}/#token=${token}`,
    close: async () => {
      unsubscribe()
      for (const stream of eventStreams) stream.end()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
    },
  }
}
