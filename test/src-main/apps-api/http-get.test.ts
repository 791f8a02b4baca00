import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { AnswerTooLargeError, createHttpGet } from '../../../src-main/apps-api/http-get'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

let close: (() => Promise<void>) | null = null
afterEach(async () => {
  await close?.()
  close = null
})

/** A loopback server answering every request with `handler`; counts the connections it took. */
async function serve(
  handler: Handler,
): Promise<{ url: (path: string) => URL; sockets: () => number }> {
  const sockets = new Set<Socket>()
  const server = createServer(handler)
  server.on('connection', (socket) => sockets.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  close = () => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(() => resolve()))
  }
  const { port } = server.address() as AddressInfo
  return { url: (path) => new URL(`http://127.0.0.1:${port}${path}`), sockets: () => sockets.size }
}

const options = { headers: { Authorization: 'Bearer k-1' }, timeoutMs: 2_000, limitBytes: 1024 }

describe('the Apps API transport', () => {
  it('sends the headers, reads status, body and Retry-After, over one kept-alive connection', async () => {
    const seen: (string | undefined)[] = []
    const server = await serve((request, response) => {
      seen.push(request.headers.authorization)
      response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '7' })
      response.end(JSON.stringify({ path: request.url, note: 'Crème brûlée €' }))
    })
    const get = createHttpGet()
    for (const path of ['/a', '/b', '/c'])
      expect(await get(server.url(path), options)).toEqual({
        status: 429,
        text: JSON.stringify({ path, note: 'Crème brûlée €' }),
        retryAfter: '7',
      })
    expect(seen).toEqual(['Bearer k-1', 'Bearer k-1', 'Bearer k-1'])
    expect(server.sockets()).toBe(1)
  })

  it('decodes a gzip body', async () => {
    const body = JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ id: i })) })
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Encoding': 'gzip' })
      response.end(gzipSync(body))
    })
    const answer = await createHttpGet()(server.url('/'), { ...options, limitBytes: 4096 })
    expect(answer.text).toBe(body)
  })

  it('refuses a redirect instead of following it', async () => {
    let hits = 0
    const server = await serve((_request, response) => {
      hits++
      response.writeHead(302, { Location: '/elsewhere' })
      response.end()
    })
    await expect(createHttpGet()(server.url('/'), options)).rejects.toThrow(
      /redirected \(HTTP 302\)/,
    )
    expect(hits).toBe(1)
  })

  it('stops past the limit, whether the length is announced or streamed', async () => {
    const big = 'x'.repeat(4096)
    const announced = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': String(big.length) })
      response.end(big)
    })
    await expect(createHttpGet()(announced.url('/'), options)).rejects.toBeInstanceOf(
      AnswerTooLargeError,
    )
    await close?.()
    const streamed = await serve((_request, response) => {
      response.writeHead(200)
      for (let i = 0; i < 8; i++) response.write(big.slice(0, 512))
      response.write(big)
    })
    const error = await createHttpGet()(streamed.url('/'), options).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AnswerTooLargeError)
    expect((error as Error).message).toMatch(/larger than .* MB, more than Till reads/)
  })

  it('gives up when the whole answer does not arrive in time, or the connection breaks mid-body', async () => {
    const silent = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': '100' })
      response.write('{"data":')
    })
    await expect(createHttpGet()(silent.url('/'), { ...options, timeoutMs: 300 })).rejects.toThrow(
      /no whole answer within 0.3 s/,
    )
    await close?.()
    const cut = await serve((request, response) => {
      response.writeHead(200, { 'Content-Length': '100' })
      response.write('{"data":', () => request.socket.destroy())
    })
    await expect(createHttpGet()(cut.url('/'), options)).rejects.toThrow(/aborted|closed before/)
  })
})
