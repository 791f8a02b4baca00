import { mkdtempSync, readFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../../../src-shared/bridge/contract'
import type { BridgeResult } from '../../../../src-shared/bridge/bridge-errors'
import { createServices } from '../../../../src-main/services'
import { addLogSink } from '../../../../src-main/logging/logger'
import { memorySecrets } from '../../../support/memory-secrets'
import { startTestPostgres, type TestPostgres } from '../../../support/postgres'
import { startTcpProxy, type TcpProxy } from '../../../support/tcp-proxy'

let server: TestPostgres
let proxy: TcpProxy
const logLines: string[] = []
const answers: unknown[] = []
const running: Array<{ stop(): Promise<void> }> = []

/** One PC: main's services in this process with their own data folder and keychain. */
function pc() {
  const secrets = memorySecrets()
  const services = createServices({
    dataDir: mkdtempSync(join(tmpdir(), 'till-shared-')),
    secrets,
    shell: 'browser',
    version: 'test',
    openExternal: async () => undefined,
  })
  running.push(services)
  const events: BridgeEvent[] = []
  services.events.subscribe((event) => {
    events.push(event)
    answers.push(event)
  })
  const dispatch = async (channel: string, input: unknown): Promise<BridgeResult<unknown>> => {
    const result = await services.dispatch(channel, input)
    answers.push(result)
    return result
  }
  const call = async <T = Record<string, unknown>>(channel: string, input: unknown): Promise<T> => {
    const result = await dispatch(channel, input)
    if (!result.ok) throw new Error(`${channel}: ${result.error.kind}: ${result.error.message}`)
    return result.value as T
  }
  return { services, secrets, events, dispatch, call }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`never: ${what}`)
}

beforeAll(async () => {
  server = await startTestPostgres()
  proxy = await startTcpProxy(server.port)
  await server.createDatabase('books')
  addLogSink((line) => logLines.push(line))
}, 60_000)
afterAll(async () => {
  for (const services of running) await services.stop()
  await proxy?.close()
  await server?.stop()
})

describe('settings', () => {
  it('keeps the address in the data folder and the password in the keychain, bound to its server', async () => {
    const office = pc()
    const view = await office.call('sharedBooks.settings.save', {
      profileId: 'shop',
      url: server.url('books'),
      password: server.password,
    })
    expect(view).toMatchObject({
      url: server.url('books'),
      hasPassword: true,
      storeId: null,
      joined: false,
    })
    expect(await office.secrets.listAccounts()).toEqual(['shop/shared-books-password'])
    const file = readFileSync(join(office.services.dataDir, 'shared-books.json'), 'utf8')
    expect(file).toContain(server.url('books'))
    expect(file).not.toContain(server.password)

    // Another server: the kept password is not sent there, so it has none until one is typed.
    const moved = await office.call('sharedBooks.settings.save', {
      profileId: 'shop',
      url: `postgres://postgres@127.0.0.2:${server.port}/books`,
    })
    expect(moved).toMatchObject({ hasPassword: false })
    const tested = await office.dispatch('sharedBooks.test', {
      profileId: 'shop',
      url: `postgres://postgres@127.0.0.2:${server.port}/books`,
    })
    expect(tested).toMatchObject({ ok: true, value: { ok: false } })

    const left = await office.call('sharedBooks.leave', { profileId: 'shop' })
    expect(left).toMatchObject({ url: null, hasPassword: false })
    expect(await office.secrets.listAccounts()).toEqual([])
    expect(await office.call('sharedBooks.status', { profileId: 'shop' })).toEqual({
      state: 'off',
      lastReachedAt: null,
    })
  })

  it('test says what is wrong in words: the password, no server, no TLS; and the version when all is well', async () => {
    const office = pc()
    const test = (url: string, password?: string) =>
      office.call<{ ok: boolean; message: string; serverVersion?: string }>('sharedBooks.test', {
        profileId: 'shop',
        url,
        ...(password === undefined ? {} : { password }),
      })
    const good = await test(server.url('books'), server.password)
    expect(good.ok).toBe(true)
    expect(Number(good.serverVersion?.split('.')[0])).toBeGreaterThanOrEqual(13)
    // The words a person reads name the version once.
    expect(good.message.split(good.serverVersion!)).toHaveLength(2)
    expect(good.message).toMatch(/^Connected to PostgreSQL .+, database “books”\.$/)
    expect(await test(server.url('books'), 'not-the-password')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/refused the user name or password/),
    })
    expect(await test(server.url('nowhere'), server.password)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no database named “nowhere”/),
    })
    const closedPort = `postgres://postgres@127.0.0.1:${proxy.port + 1}/books`
    expect((await test(closedPort, 'x')).message).toMatch(
      /connection was refused|cannot be reached/,
    )
    expect(
      (await test(`${server.url('books')}?sslmode=verify-full`, server.password)).message,
    ).toMatch(/TLS refused/)
  })
})

describe('this PC’s name', () => {
  it('is the host name until a person gives one; its id is made once and kept through renames and saves', async () => {
    const office = pc()
    const save = () =>
      office.call<{ pcName: string; pcId: string }>('sharedBooks.settings.save', {
        profileId: 'shop',
        url: server.url('books'),
        password: server.password,
      })
    const saved = await save()
    expect(saved.pcName).toBe(hostname())
    expect(saved.pcId).toMatch(/^[0-9a-f]{8}$/)
    const renamed = await office.call('sharedBooks.rename', {
      profileId: 'shop',
      pcName: '  Office  ',
    })
    expect(renamed).toMatchObject({ pcName: 'Office', pcId: saved.pcId })
    expect(await save()).toMatchObject({ pcName: 'Office', pcId: saved.pcId })
    const refused = await office.dispatch('sharedBooks.rename', { profileId: 'shop', pcName: ' ' })
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation' } })

    // Another PC of the same name has another id.
    const laptop = pc()
    const other = await laptop.call<{ pcId: string }>('sharedBooks.settings.save', {
      profileId: 'shop',
      url: server.url('books'),
      password: server.password,
    })
    expect(other.pcId).not.toBe(saved.pcId)
  })
})

describe('a full disk on the database server', () => {
  it('refuses the commit with its reason, keeps nothing of it, and takes it once there is room', async () => {
    await server.createDatabase('full')
    const office = pc()
    await office.call('sharedBooks.settings.save', {
      profileId: 'shop',
      url: server.url('full'),
      password: server.password,
    })
    await office.call('sharedBooks.join', { profileId: 'shop', storeId: 'store-1' })
    // PostgreSQL's own answer when it cannot extend a table's file.
    const admin = server.pool('full')
    await admin.query(`
      CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'could not extend file "base/16384/16400": No space left on device'
          USING ERRCODE = '53100';
      END $$;
      CREATE TRIGGER disk_full BEFORE INSERT ON till_rows FOR EACH ROW EXECUTE FUNCTION disk_full();
    `)
    const push = () =>
      office.dispatch('sharedBooks.push', {
        profileId: 'shop',
        storeId: 'store-1',
        by: 'Office',
        changes: [{ kind: 'mapping', key: 'cash', baseVersion: 0, body: { account: '1000' } }],
      })
    const refused = await push()
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'shared_books_refused',
        message: expect.stringMatching(/out of disk space and refused the change.*No space left/),
      },
    })
    // The status the app shows says why, until a change goes through again: reads still answer,
    // and neither a pull nor the status's own question makes it say all is well.
    const refusing = {
      state: 'refusing',
      message: expect.stringMatching(/out of disk space and refused the change/),
    }
    expect(office.events.filter((e) => e.name === 'sharedBooks.status').at(-1)).toMatchObject({
      payload: refusing,
    })
    await office.call('sharedBooks.pull', {
      profileId: 'shop',
      storeId: 'store-1',
      since: 0,
      limit: 10,
    })
    expect(await office.call('sharedBooks.status', { profileId: 'shop' })).toMatchObject(refusing)
    expect(office.events.filter((e) => e.name === 'sharedBooks.status').at(-1)).toMatchObject({
      payload: refusing,
    })
    expect((await admin.query('SELECT head FROM till_stores')).rows).toEqual([{ head: '0' }])

    await admin.query('DROP TRIGGER disk_full ON till_rows')
    expect(await push()).toMatchObject({
      ok: true,
      value: { results: [{ status: 'applied', version: 1, change: 1 }] },
    })
    expect(office.events.filter((e) => e.name === 'sharedBooks.status').at(-1)).toMatchObject({
      payload: { state: 'connected' },
    })
    expect(await office.call('sharedBooks.status', { profileId: 'shop' })).toMatchObject({
      state: 'connected',
    })
    await admin.end()
  })
})

describe('the store through the bridge', () => {
  it('joins, pushes and pulls; a change on one PC reaches the other as sharedBooks.changed', async () => {
    const office = pc()
    const laptop = pc()
    for (const one of [office, laptop]) {
      await one.call('sharedBooks.settings.save', {
        profileId: 'shop',
        url: server.url('books'),
        password: server.password,
      })
      expect(
        await one.call('sharedBooks.join', { profileId: 'shop', storeId: 'store-1' }),
      ).toMatchObject({ joined: true, storeId: 'store-1' })
    }
    const status = await laptop.call<{ state: string; lastReachedAt: number }>(
      'sharedBooks.status',
      { profileId: 'shop' },
    )
    expect(status.state).toBe('connected')
    expect(status.lastReachedAt).toBeGreaterThan(Date.now() - 60_000)

    // The laptop listens from its first call; wait until its listener is in.
    await until(
      () => laptop.events.some((e) => e.name === 'sharedBooks.status'),
      'the laptop connected',
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const pushed = await office.call<{ results: { status: string; change: number }[] }>(
      'sharedBooks.push',
      {
        profileId: 'shop',
        storeId: 'store-1',
        by: 'office',
        changes: [{ kind: 'reconciliation', key: 'sess-1', baseVersion: 0, body: { cash: 1250 } }],
      },
    )
    const change = pushed.results[0]!.change
    await until(
      () =>
        laptop.events.some(
          (e) =>
            e.name === 'sharedBooks.changed' &&
            e.payload.storeId === 'store-1' &&
            e.payload.change === change,
        ),
      'the laptop heard the change',
    )
    const pulled = await laptop.call<{ rows: { key: string; body: unknown; by: string }[] }>(
      'sharedBooks.pull',
      { profileId: 'shop', storeId: 'store-1', since: 0, limit: 100 },
    )
    expect(pulled.rows).toMatchObject([{ key: 'sess-1', body: { cash: 1250 }, by: 'office' }])

    const info = await laptop.call('sharedBooks.info', { profileId: 'shop', storeId: 'store-1' })
    expect(info).toEqual({ empty: false, heads: [] })
    const appended = await laptop.call('sharedBooks.appendExport', {
      profileId: 'shop',
      storeId: 'store-1',
      destinationId: 'xero',
      expectedSeq: 0,
      batchId: 'batch-1',
      by: 'laptop',
      batch: { pages: [] },
    })
    expect(appended).toMatchObject({ status: 'committed', seq: 1 })
    expect(
      await office.call('sharedBooks.exportLog', {
        profileId: 'shop',
        storeId: 'store-1',
        destinationId: 'xero',
        afterSeq: 0,
      }),
    ).toMatchObject({ entries: [{ seq: 1, batchId: 'batch-1', by: 'laptop' }] })
  })

  it('unreachable: a named error carrying when the books were last reached; listening comes back after the drop', async () => {
    const office = pc()
    const url = `postgres://postgres@127.0.0.1:${proxy.port}/books`
    await office.call('sharedBooks.settings.save', {
      profileId: 'shop',
      url,
      password: server.password,
    })
    await office.call('sharedBooks.join', { profileId: 'shop', storeId: 'store-2' })
    const reachedAt = (
      await office.call<{ lastReachedAt: number }>('sharedBooks.status', { profileId: 'shop' })
    ).lastReachedAt

    proxy.setOffline(true)
    const refused = await office.dispatch('sharedBooks.pull', {
      profileId: 'shop',
      storeId: 'store-2',
      since: 0,
      limit: 10,
    })
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'shared_books_unreachable', lastReachedAt: expect.any(Number) },
    })
    if (!refused.ok) expect(refused.error.lastReachedAt).toBeGreaterThanOrEqual(reachedAt)
    expect(
      await office.call<{ state: string; message: string }>('sharedBooks.status', {
        profileId: 'shop',
      }),
    ).toMatchObject({ state: 'unreachable', message: expect.stringMatching(/127\.0\.0\.1/) })
    await until(
      () =>
        office.events.some(
          (e) => e.name === 'sharedBooks.status' && e.payload.state === 'unreachable',
        ),
      'the status event said unreachable',
    )

    proxy.setOffline(false)
    const other = pc()
    await other.call('sharedBooks.settings.save', {
      profileId: 'shop',
      url: server.url('books'),
      password: server.password,
    })
    // The listener retries on its own; once back it announces the head, and hears new changes.
    // Made while the office's listener was down: announced as the head once it is back.
    const missed = await other.call<{ results: { change: number }[] }>('sharedBooks.push', {
      profileId: 'shop',
      storeId: 'store-2',
      by: 'laptop',
      changes: [{ kind: 'locationName', key: 'loc-0', baseVersion: 0, body: 'Hawalli' }],
    })
    const wentDown = office.events.findIndex(
      (e) => e.name === 'sharedBooks.status' && e.payload.state === 'unreachable',
    )
    await until(
      () =>
        office.events.some(
          (e, at) =>
            at > wentDown && e.name === 'sharedBooks.status' && e.payload.state === 'connected',
        ),
      'the office reconnected',
    )
    await until(
      () =>
        office.events.some(
          (e) => e.name === 'sharedBooks.changed' && e.payload.change === missed.results[0]!.change,
        ),
      'the office was told of the change it missed',
    )
    const pushed = await other.call<{ results: { change: number }[] }>('sharedBooks.push', {
      profileId: 'shop',
      storeId: 'store-2',
      by: 'laptop',
      changes: [{ kind: 'locationName', key: 'loc-1', baseVersion: 0, body: 'Salmiya' }],
    })
    await until(
      () =>
        office.events.some(
          (e) => e.name === 'sharedBooks.changed' && e.payload.change === pushed.results[0]!.change,
        ),
      'the office heard the change after reconnecting',
    )
  }, 60_000)

  it('never lets the password into the log, an answer or an event', () => {
    expect(logLines.length).toBeGreaterThan(0)
    for (const line of logLines) expect(line).not.toContain(server.password)
    expect(JSON.stringify(answers)).not.toContain(server.password)
  })
})
