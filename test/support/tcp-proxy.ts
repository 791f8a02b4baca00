import { createConnection, createServer, type Socket } from 'node:net'

/**
 * A loopback TCP proxy in front of a server, to make the faults a network makes: every
 * connection cut at once, no connection at all (offline), or a connection cut right after the
 * client sent COMMIT, once the server has answered it and before that answer reaches the client
 * (a lost answer). It reads PostgreSQL's simple-query messages only as far as to spot COMMIT.
 */
export interface TcpProxy {
  port: number
  /** The next COMMIT that passes is delivered and committed, and its answer is lost. */
  loseNextCommitAnswer(): Promise<void>
  /** Cuts every open connection. */
  cutAll(): void
  /** While offline, open connections are cut and new ones closed at once. */
  setOffline(offline: boolean): void
  /** Connections accepted so far. */
  accepted(): number
  close(): Promise<void>
}

/** A PostgreSQL simple-query message ('Q', length, text) whose text is COMMIT. */
function holdsCommit(chunk: Buffer): boolean {
  for (
    let at = chunk.indexOf(0x51);
    at >= 0 && at + 5 <= chunk.length;
    at = chunk.indexOf(0x51, at + 1)
  ) {
    const text = chunk.subarray(at + 5, at + 5 + 7).toString('latin1')
    if (text.toUpperCase() === 'COMMIT\0') return true
  }
  return false
}

export async function startTcpProxy(
  targetPort: number,
  targetHost = '127.0.0.1',
): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; server: Socket }>()
  let offline = false
  let accepted = 0
  let loseAnswer: (() => void) | null = null

  const proxy = createServer((client) => {
    accepted += 1
    if (offline) {
      client.destroy()
      return
    }
    const server = createConnection({ port: targetPort, host: targetHost })
    const pair = { client, server }
    pairs.add(pair)
    const close = () => {
      client.destroy()
      server.destroy()
      pairs.delete(pair)
    }
    let cutting = false
    client.on('data', (chunk: Buffer) => {
      if (loseAnswer && holdsCommit(chunk)) {
        const lost = loseAnswer
        loseAnswer = null
        cutting = true
        // The client hears nothing more; the server gets COMMIT and its answer goes nowhere.
        client.destroy()
        server.once('data', () => {
          close()
          lost()
        })
      }
      server.write(chunk)
    })
    server.on('data', (chunk: Buffer) => {
      if (!cutting) client.write(chunk)
    })
    client.on('error', close)
    server.on('error', close)
    client.on('close', () => {
      if (!cutting) close()
    })
    server.on('close', close)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const address = proxy.address()
  if (typeof address !== 'object' || !address) throw new Error('the proxy has no port')

  const cutAll = () => {
    for (const { client, server } of pairs) {
      client.destroy()
      server.destroy()
    }
    pairs.clear()
  }
  return {
    port: address.port,
    loseNextCommitAnswer: () => new Promise<void>((resolve) => (loseAnswer = resolve)),
    cutAll,
    setOffline(value) {
      offline = value
      if (value) cutAll()
    },
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        cutAll()
        proxy.close(() => resolve())
      }),
  }
}
