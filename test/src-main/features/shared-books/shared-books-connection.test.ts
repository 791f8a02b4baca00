import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type pg from 'pg'
import { SharedBooksConnection } from '../../../../src-main/features/shared-books/shared-books-connection'
import { parseDatabaseAddress } from '../../../../src-main/features/shared-books/connection-options'
import { CHANGES_CHANNEL } from '../../../../src-main/features/shared-books/store-operations'
import { createLogger } from '../../../../src-main/logging/logger'
import { Secret } from '../../../../src-main/logging/secret'
import { startTestPostgres, type TestPostgres } from '../../../support/postgres'
import { startTcpProxy, type TcpProxy } from '../../../support/tcp-proxy'

let server: TestPostgres
let proxy: TcpProxy
let direct: pg.Pool

beforeAll(async () => {
  server = await startTestPostgres()
  proxy = await startTcpProxy(server.port)
  await server.createDatabase('books')
  direct = server.pool('books')
}, 60_000)
afterAll(async () => {
  await proxy?.close()
  await server?.stop()
})

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`never: ${what}`)
}

/** A change committed on the books by another PC: the store's head moved and its notice sent. */
async function commitElsewhere(change: number): Promise<void> {
  await direct.query(`UPDATE till_stores SET head = $1 WHERE store_id = 'store-1'`, [change])
  await direct.query('SELECT pg_notify($1, $2)', [
    CHANGES_CHANNEL,
    JSON.stringify({ storeId: 'store-1', change }),
  ])
}

describe('the connection listening for changes', () => {
  it('is found out when it falls silent without closing: another is opened, which announces what passed and hears what comes', async () => {
    const heard: number[] = []
    const states: string[] = []
    const connection = new SharedBooksConnection(
      parseDatabaseAddress(`postgres://postgres@127.0.0.1:${proxy.port}/books`),
      new Secret(server.password),
      null,
      {
        changed: (_, change) => heard.push(change),
        status: (status) => states.push(status.state),
        reached: () => undefined,
      },
      createLogger('test'),
      async () => ['store-1'],
      { everyMs: 150, timeoutMs: 300 },
    )
    // The schema first, through the pool, then the store another PC made.
    await connection.run(async () => undefined)
    await direct.query(`INSERT INTO till_stores (store_id, head) VALUES ('store-1', 5)`)
    connection.listen()
    await until(() => heard.includes(5), 'the head was announced as the listener opened')
    await commitElsewhere(6)
    await until(() => heard.includes(6), 'the notice of change 6 was heard')

    const before = proxy.accepted()
    proxy.silenceOpen()
    await commitElsewhere(7)
    await until(() => heard.includes(7), 'change 7, made while the listener was silent, arrived')
    expect(proxy.accepted()).toBeGreaterThan(before)
    await commitElsewhere(8)
    await until(() => heard.includes(8), 'the new listener heard change 8')
    // The pool's operations said nothing was wrong, and the status never said so either.
    expect(states).not.toContain('unreachable')

    proxy.cutAll()
    await connection.close()
  }, 30_000)
})
