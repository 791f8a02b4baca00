import { createConnection, createServer, type Socket } from 'node:net'

/**
 * A loopback TCP proxy in front of a server, to make the faults a network makes: every
 * connection cut at once, no connection at all (offline), an answer garbled, or a connection cut right after the
 * client sent the message that commits a write, once the server has answered it and before that
 * answer reaches the client (a lost answer). It reads PostgreSQL's messages from the client only
 * as far as to spot that message.
 */
export interface TcpProxy {
  port: number
  /**
   * The next write that passes (a call of till_push or till_append_export; `call` picks among
   * them) is delivered and committed, and its answer is lost.
   */
  loseNextCommitAnswer(call?: RegExp): Promise<void>
  /** The next chunk the server sends is garbled on the way (every third byte flipped). */
  garbleNextAnswer(): void
  /** Cuts every open connection. */
  cutAll(): void
  /** While offline, open connections are cut and new ones closed at once. */
  setOffline(offline: boolean): void
  /** Connections accepted so far. */
  accepted(): number
  close(): Promise<void>
}

/** A write of Till's shared books: one statement calling one of its functions, committed alone. */
const WRITE_CALL = /\btill_(push|append_export)\s*\(/

const SSL_REQUEST = 80877103
const GSS_REQUEST = 80877104

/**
 * Follows the client's side of one PostgreSQL connection message by message and gives the text
 * of a write a chunk commits: at the Sync that ends a statement calling a write function (its
 * implicit transaction commits there). Reads (a pull's BEGIN … COMMIT) never count. A connection
 * that asks for TLS is not read.
 */
function commitWatcher(): (chunk: Buffer) => string | null {
  let pending = Buffer.alloc(0)
  let started = false
  let opaque = false
  let writeParsed: string | null = null
  return (chunk) => {
    if (opaque) return null
    pending = Buffer.concat([pending, chunk])
    let commits: string | null = null
    for (;;) {
      if (!started) {
        // The startup message has no type byte: a length, then the protocol or a request code.
        if (pending.length < 8) break
        const length = pending.readInt32BE(0)
        if (pending.length < length) break
        const code = pending.readInt32BE(4)
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          opaque = true
          return null
        }
        started = true
        pending = pending.subarray(length)
        continue
      }
      if (pending.length < 5) break
      const end = 1 + pending.readInt32BE(1)
      if (pending.length < end) break
      const type = String.fromCharCode(pending[0]!)
      const body = pending.subarray(5, end)
      pending = pending.subarray(end)
      if (type === 'P') {
        // Parse: the statement's name, then its text.
        const textStart = body.indexOf(0) + 1
        const text = body.toString('utf8', textStart, body.indexOf(0, textStart))
        if (WRITE_CALL.test(text)) writeParsed = text
      } else if (type === 'S' && writeParsed) {
        commits = writeParsed
        writeParsed = null
      }
    }
    return commits
  }
}

export async function startTcpProxy(
  targetPort: number,
  targetHost = '127.0.0.1',
): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; server: Socket }>()
  let offline = false
  let accepted = 0
  let loseAnswer: { call: RegExp; lost: () => void } | null = null
  let garble = false

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
    const commitsIn = commitWatcher()
    client.on('data', (chunk: Buffer) => {
      const committed = commitsIn(chunk)
      if (committed !== null && loseAnswer?.call.test(committed)) {
        const { lost } = loseAnswer
        loseAnswer = null
        cutting = true
        // The server commits and its answer goes nowhere: the client is cut only once it came,
        // as when a network drops an answer, so nothing the client does next can race the commit.
        server.once('data', () => {
          close()
          lost()
        })
      }
      server.write(chunk)
    })
    server.on('data', (chunk: Buffer) => {
      if (cutting) return
      if (!garble) return void client.write(chunk)
      garble = false
      const garbled = Buffer.from(chunk)
      for (let i = 0; i < garbled.length; i += 3) garbled[i] = garbled[i]! ^ 0x5a
      client.write(garbled)
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
    loseNextCommitAnswer: (call = WRITE_CALL) =>
      new Promise<void>((lost) => (loseAnswer = { call, lost })),
    garbleNextAnswer: () => (garble = true),
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
