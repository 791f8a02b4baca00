import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Scripted = (request: IncomingMessage, response: ServerResponse) => void

/** A loopback server that answers each request with the next step of a script. */
export async function startScriptedServer(
  steps: Scripted[],
): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0
  const server = createServer((request, response) => {
    const step = steps[Math.min(hits, steps.length - 1)]!
    hits++
    step(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Scripted =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }

export const dropConnection: Scripted = (req) => req.socket.destroy()

export const truncated =
  (body: unknown): Scripted =>
  (_req, res) => {
    const text = JSON.stringify(body)
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(text.slice(0, Math.floor(text.length / 2)))
  }
