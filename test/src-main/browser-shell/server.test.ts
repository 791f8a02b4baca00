import { request as httpRequest } from 'node:http'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelNames } from '../../../src-shared/bridge/contract'
import { startBrowserShellServer, type BrowserShell } from '../../../src-main/browser-shell/server'
import { createDispatcher, type ChannelHandlers } from '../../../src-main/bridge/dispatcher'
import { EventBus } from '../../../src-main/bridge/event-bus'
import { createLogger } from '../../../src-main/logging/logger'

const log = createLogger('test')
const TOKEN = 'launch-token-for-tests-0123456789'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Raw HTTP, so the test controls Host and Origin exactly as a hostile page or rebinding would. */
function send(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { Host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Trades the launch token for the session cookie, as the page does on its first load. */
function exchange(port: number, token: string, headers: Record<string, string> = {}) {
  return send(port, '/bridge/session', {
    method: 'POST',
    headers: { 'X-Till-Token': token, Origin: `http://127.0.0.1:${port}`, ...headers },
  })
}

function setCookie(answer: Answer): string {
  const header = answer.headers['set-cookie']
  return (Array.isArray(header) ? header : [String(header)]).join('\n')
}

describe('browser shell transport', () => {
  let shell: BrowserShell
  /** The `Cookie` header of the session the launch token was traded for. */
  let session: string
  const events = new EventBus(log)
  const call = (
    channel: string,
    input: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> =>
    send(shell.port, `/bridge/call/${channel}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: session,
        Origin: `http://127.0.0.1:${shell.port}`,
        ...headers,
      },
      body: JSON.stringify({ input }),
    })

  beforeAll(async () => {
    const parent = mkdtempSync(join(tmpdir(), 'till-renderer-'))
    const rendererDir = join(parent, 'renderer')
    mkdirSync(rendererDir)
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Till</title>')
    writeFileSync(join(parent, 'outside.json'), '{"secret": "outside-the-app"}')
    const handlers = Object.fromEntries(
      channelNames.map((n) => [n, async () => ({})]),
    ) as unknown as ChannelHandlers
    handlers['profiles.delete'] = async ({ id }) => ({ id })
    shell = await startBrowserShellServer({
      port: 0,
      rendererDir,
      token: TOKEN,
      dispatch: createDispatcher(handlers, log),
      events,
      log,
    })
    session = setCookie(await exchange(shell.port, TOKEN)).split(';')[0]!
  })
  afterAll(() => shell.close())

  it('trades the printed token once for an HttpOnly, SameSite=Strict session cookie named for its port (issue 14, 7)', async () => {
    const fresh = await startBrowserShellServer({
      port: 0,
      rendererDir: mkdtempSync(join(tmpdir(), 'till-renderer-')),
      token: TOKEN,
      dispatch: createDispatcher(
        { 'profiles.delete': async ({ id }: { id: string }) => ({ id }) } as ChannelHandlers,
        log,
      ),
      events,
      log,
    })
    try {
      const first = await exchange(fresh.port, TOKEN)
      expect(first.status).toBe(204)
      const cookie = setCookie(first)
      expect(cookie).toMatch(new RegExp(`^till-session-${fresh.port}=[A-Za-z0-9_-]{40,};`))
      expect(cookie).toMatch(/; HttpOnly/)
      expect(cookie).toMatch(/; SameSite=Strict/)
      expect(cookie).toMatch(/; Path=\//)
      expect(cookie).not.toMatch(/Expires|Max-Age/i)
      expect(cookie).not.toContain(TOKEN)

      const again = await exchange(fresh.port, TOKEN)
      expect(again.status).toBe(401)
      expect(again.body).toMatch(/already used/)
      expect(setCookie(again)).not.toMatch(/till-session/)

      const deleteCall = (headers: Record<string, string>) =>
        send(fresh.port, '/bridge/call/profiles.delete', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ input: { id: 'shop-1' } }),
        })
      expect((await deleteCall({ Cookie: cookie.split(';')[0]! })).status).toBe(200)
      // The launch token itself opens nothing; nor does this cookie under another port's name.
      expect((await deleteCall({ 'X-Till-Token': TOKEN })).status).toBe(401)
      const value = cookie.split(';')[0]!.split('=')[1]!
      expect((await deleteCall({ Cookie: `till-session-${fresh.port + 1}=${value}` })).status).toBe(
        401,
      )
      expect((await deleteCall({ Cookie: `till-session-${fresh.port}=${TOKEN}` })).status).toBe(401)
    } finally {
      await fresh.close()
    }
  })

  it('refuses to trade a wrong token, and takes the right one only from its own origin', async () => {
    const fresh = await startBrowserShellServer({
      port: 0,
      rendererDir: mkdtempSync(join(tmpdir(), 'till-renderer-')),
      token: TOKEN,
      dispatch: createDispatcher({} as ChannelHandlers, log),
      events,
      log,
    })
    try {
      expect((await exchange(fresh.port, TOKEN.replace(/.$/, 'X'))).status).toBe(401)
      expect((await exchange(fresh.port, '')).status).toBe(401)
      expect((await exchange(fresh.port, TOKEN, { Origin: 'https://evil.example' })).status).toBe(
        403,
      )
      // Those attempts used nothing up.
      expect((await exchange(fresh.port, TOKEN)).status).toBe(204)
    } finally {
      await fresh.close()
    }
  })

  it('listens on 127.0.0.1 only and prints its address with the launch token in the fragment', () => {
    expect(shell.server.address()).toMatchObject({ address: '127.0.0.1' })
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/#token=${TOKEN}`)
  })

  it('carries a valid call to its handler', async () => {
    const answer = await call('profiles.delete', { id: 'shop-1' })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ ok: true, value: { id: 'shop-1' } })
  })

  it('refuses a call with no session or a wrong one', async () => {
    expect((await call('profiles.delete', { id: 'a' }, { Cookie: '' })).status).toBe(401)
    expect(
      (await call('profiles.delete', { id: 'a' }, { Cookie: session.replace(/.$/, 'X') })).status,
    ).toBe(401)
    expect((await call('profiles.delete', { id: 'a' }, { Cookie: session + 'extra' })).status).toBe(
      401,
    )
    const noHeader = await send(shell.port, '/bridge/call/profiles.list', {
      method: 'POST',
      body: '{}',
    })
    expect(noHeader.status).toBe(401)
  })

  it('refuses a foreign Host header (DNS rebinding), even with the right token', async () => {
    for (const host of [
      'evil.example:80',
      `attacker.test:${shell.port}`,
      '127.0.0.1:1',
      `127.0.0.1.nip.io:${shell.port}`,
    ]) {
      expect((await call('profiles.delete', { id: 'a' }, { Host: host })).status).toBe(403)
    }
    expect((await send(shell.port, '/', { headers: { Host: 'rebound.example' } })).status).toBe(403)
    expect(
      (await call('profiles.delete', { id: 'a' }, { Host: `localhost:${shell.port}` })).status,
    ).toBe(200)
  })

  it('refuses a foreign Origin, even with the right token', async () => {
    for (const origin of [
      'https://evil.example',
      `http://127.0.0.1:${shell.port + 1}`,
      'null',
      `https://127.0.0.1:${shell.port}`,
    ]) {
      expect((await call('profiles.delete', { id: 'a' }, { Origin: origin })).status).toBe(403)
    }
  })

  it('sends no CORS headers and answers preflights with no permission', async () => {
    const preflight = await send(shell.port, '/bridge/call/profiles.list', {
      method: 'OPTIONS',
      headers: {
        Origin: `http://127.0.0.1:${shell.port}`,
        'Access-Control-Request-Method': 'POST',
      },
    })
    expect(preflight.status).not.toBe(204)
    const normal = await call('profiles.delete', { id: 'a' })
    for (const answer of [preflight, normal]) {
      expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([])
    }
  })

  it('answers unknown channels and bad bodies with typed errors', async () => {
    expect(JSON.parse((await call('no.such.channel', {})).body)).toMatchObject({
      ok: false,
      error: { kind: 'unknown_channel' },
    })
    const bad = await send(shell.port, '/bridge/call/profiles.list', {
      method: 'POST',
      headers: { Cookie: session },
      body: '{not json',
    })
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { kind: 'validation' } })
    const huge = await call('profiles.delete', { id: 'x'.repeat(2 * 1024 * 1024) })
    expect(huge.status).toBe(413)
  })

  it('serves the app with a strict CSP and never a file outside it', async () => {
    const page = await send(shell.port, '/')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>Till</title>')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    for (const path of [
      '/../outside.json',
      '/%2e%2e/outside.json',
      '/assets/..%2f..%2foutside.json',
      '/..%5coutside.json',
      '/%2e%2e/outside',
    ]) {
      const answer = await send(shell.port, path)
      expect(answer.body).not.toContain('outside-the-app')
      expect([200, 404]).toContain(answer.status)
    }
  })

  it('streams main→renderer events to a client holding the session', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: shell.port,
          path: '/bridge/events',
          headers: { Host: `127.0.0.1:${shell.port}`, Cookie: session },
        },
        (res) => {
          let text = ''
          res.on('data', (c: Buffer) => {
            text += c.toString()
            if (text.includes('profiles.changed')) {
              req.destroy()
              resolve(text)
            }
          })
          events.emit('profiles.changed', { activeProfileId: 'shop-9' })
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(received).toContain(
      'data: {"name":"profiles.changed","payload":{"activeProfileId":"shop-9"}}',
    )
    expect((await send(shell.port, '/bridge/events')).status).toBe(401)
  })
})
