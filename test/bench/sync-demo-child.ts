/**
 * The demo service for the sync benchmark, in a process of its own (as a real service would be),
 * logging every request it serves: the API floor replays exactly that log.
 *
 * Started by `sync-figures.ts` with `fork`; options arrive as JSON in argv[2]. It sends
 * `{ type: 'ready', url, storeId, appKey, bills }`, answers `'log'` with `{ type: 'log', entries }`
 * (and clears the log), and stops on `'stop'`.
 */

import { subscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { startDemoService, type DemoServiceOptions } from '../../src-demo'

export interface ServedRequest {
  url: string
  /** Wall-clock milliseconds (`performance.timeOrigin + now()`), comparable across processes. */
  startedAt: number
  finishedAt: number
  status: number
  /** Bytes written to the socket for it, headers included. */
  bytes: number
  /** Which connection carried it: one number per socket, so keep-alive shows. */
  socket: number
}

export type ChildMessage =
  | { type: 'ready'; url: string; storeId: string; appKey: string; bills: number }
  | { type: 'log'; entries: ServedRequest[] }

const wallClock = (): number => performance.timeOrigin + performance.now()

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as Partial<DemoServiceOptions>
  let entries: ServedRequest[] = []
  const sockets = new WeakMap<Socket, number>()
  let socketCount = 0
  subscribe('http.server.request.start', (message) => {
    const { request, response, socket } = message as {
      request: IncomingMessage
      response: ServerResponse
      socket: Socket
    }
    if (!sockets.has(socket)) sockets.set(socket, ++socketCount)
    const startedAt = wallClock()
    const written = socket.bytesWritten
    response.once('finish', () => {
      entries.push({
        url: request.url ?? '',
        startedAt,
        finishedAt: wallClock(),
        status: response.statusCode,
        bytes: socket.bytesWritten - written,
        socket: sockets.get(socket) ?? 0,
      })
    })
  })
  const service = await startDemoService(options)
  const send = (message: ChildMessage): void => {
    process.send?.(message)
  }
  process.on('message', (message: unknown) => {
    if (message === 'log') {
      send({ type: 'log', entries })
      entries = []
    } else if (message === 'stop') {
      void service.close().then(() => process.exit(0))
    }
  })
  process.on('disconnect', () => void service.close().then(() => process.exit(0)))
  send({
    type: 'ready',
    url: service.url,
    storeId: service.storeId,
    appKey: service.appKey,
    bills: service.shop.billCount(),
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
