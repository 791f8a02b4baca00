import { createConnection, createServer, type Socket } from 'node:net'

/**
 * A loopback TCP proxy in front of a server, to make the faults a network makes: every
 * connection cut at once, no connection at all (offline), an answer garbled, every answer held
 * back a while (a slow server), connections gone silent without closing, or a connection cut
 * right after the client sent the message that commits a write, once the server has answered it
 * and before that answer reaches the client (a lost answer). It reads PostgreSQL's messages from the client only
 * as far as to spot the statements sent.
 */
export interface TcpProxy {
  port: number
  /**
   * The next write that passes (a call of till_push or till_append_export; `call` picks among
   * them) is delivered and committed, and its answer is lost.
   */
  loseNextCommitAnswer(call?: RegExp): Promise<void>
  /**
   * The next chunk the server sends is garbled on the way (every third byte flipped); with `to`,
   * the first chunk of the answer to the next statement whose text (with the values bound to it)
   * matches it.
   */
  garbleNextAnswer(to?: RegExp): void
  /** Settles once the connection that carried the last garbled answer is closed. */
  droppedAfterGarbling(): Promise<void>
  /**
   * Holds every chunk the server sends for `ms` before passing it on, in order; 0 passes on at
   * once what is held and what comes.
   */
  delayAnswers(ms: number): void
  /** Cuts every open connection. */
  cutAll(): void
  /**
   * Every open connection stops carrying anything, either way, and stays open (a link that died
   * without closing); new connections pass.
   */
  silenceOpen(): void
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
 * Follows the client's side of one PostgreSQL connection message by message and gives the texts
 * of the statements a chunk sends to be answered: a simple query, or a parsed statement with the
 * values bound to it, at the Sync that ends it (for a call of a write function, its implicit
 * transaction commits there).
 * A connection that asks for TLS is not read.
 */
function statementWatcher(): (chunk: Buffer) => string[] {
  let pending = Buffer.alloc(0)
  let started = false
  let opaque = false
  let parsed: string | null = null
  return (chunk) => {
    if (opaque) return []
    pending = Buffer.concat([pending, chunk])
    const answered: string[] = []
    for (;;) {
      if (!started) {
        // The startup message has no type byte: a length, then the protocol or a request code.
        if (pending.length < 8) break
        const length = pending.readInt32BE(0)
        if (pending.length < length) break
        const code = pending.readInt32BE(4)
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          opaque = true
          return []
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
        parsed = body.toString('utf8', textStart, body.indexOf(0, textStart))
      } else if (type === 'B' && parsed !== null) {
        // Bind: the values, as text, after the statement's.
        parsed += `\n${body.toString('utf8')}`
      } else if (type === 'S' && parsed !== null) {
        answered.push(parsed)
        parsed = null
      } else if (type === 'Q') {
        answered.push(body.toString('utf8', 0, Math.max(0, body.indexOf(0))))
      }
    }
    return answered
  }
}

/** Every third byte flipped: no longer PostgreSQL's protocol, nor anything else. */
function garbled(chunk: Buffer): Buffer {
  const copy = Buffer.from(chunk)
  for (let i = 0; i < copy.length; i += 3) copy[i] = copy[i]! ^ 0x5a
  return copy
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}

export async function startTcpProxy(
  targetPort: number,
  targetHost = '127.0.0.1',
): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; server: Socket; silent: boolean }>()
  let offline = false
  let accepted = 0
  let loseAnswer: { call: RegExp; lost: () => void } | null = null
  let garble = false
  let garbleTo: RegExp | null = null
  let dropped = deferred()
  let delayMs = 0
  const flushes = new Set<() => void>()

  const proxy = createServer((client) => {
    accepted += 1
    if (offline) {
      client.destroy()
      return
    }
    const server = createConnection({ port: targetPort, host: targetHost })
    const pair = { client, server, silent: false }
    pairs.add(pair)
    let carriedGarbled: (() => void) | null = null
    const close = () => {
      carriedGarbled?.()
      client.destroy()
      server.destroy()
      pairs.delete(pair)
      flushes.delete(flush)
      if (heldTimer) clearTimeout(heldTimer)
    }
    let cutting = false
    let garbleHere = false
    const statementsIn = statementWatcher()
    // What the server sent, held back while answers are delayed: each chunk with when it is due.
    const held: { chunk: Buffer; due: number }[] = []
    let heldTimer: NodeJS.Timeout | null = null
    const pass = (chunk: Buffer) => {
      if (cutting) return
      if (garble || garbleHere) {
        garble = garbleHere = false
        carriedGarbled = dropped.resolve
        client.write(garbled(chunk))
      } else client.write(chunk)
    }
    const passDue = (all = false) => {
      if (heldTimer) clearTimeout(heldTimer)
      heldTimer = null
      while (held.length > 0 && (all || held[0]!.due <= Date.now())) pass(held.shift()!.chunk)
      if (held.length > 0) heldTimer = setTimeout(passDue, held[0]!.due - Date.now())
    }
    const flush = () => passDue(true)
    flushes.add(flush)
    client.on('data', (chunk: Buffer) => {
      if (pair.silent) return
      const statements = statementsIn(chunk)
      if (garbleTo && statements.some((text) => garbleTo!.test(text))) {
        garbleTo = null
        garbleHere = true
      }
      const committed = statements.find((text) => WRITE_CALL.test(text))
      if (committed !== undefined && loseAnswer?.call.test(committed)) {
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
      if (pair.silent) return
      if (delayMs === 0 && held.length === 0) return pass(chunk)
      held.push({ chunk, due: Date.now() + delayMs })
      if (held.length === 1) passDue()
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
    garbleNextAnswer(to) {
      dropped = deferred()
      if (to) garbleTo = to
      else garble = true
    },
    droppedAfterGarbling: () => dropped.promise,
    delayAnswers(ms) {
      delayMs = ms
      if (ms === 0) for (const flush of flushes) flush()
    },
    cutAll,
    silenceOpen() {
      for (const pair of pairs) pair.silent = true
    },
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
