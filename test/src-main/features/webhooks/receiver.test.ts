import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { KeychainUnavailableError } from '../../../../src-main/till-errors'
import type { SecretStore } from '../../../../src-main/keychain/secret-store'
import { addLogSink } from '../../../../src-main/logging/logger'
import { postSigned, postWebhook, signWebhook, webhookBody } from '../../../support/sign-webhook'
import {
  receiverDataDir,
  saveConnection,
  startReceiver,
  testKeychain,
  type RunningReceiver,
} from '../../../support/receiver-fixture'

/** The webhook queue's file in the data folder. */
const QUEUE_FILE_NAME = 'webhook-queue.jsonl'

const STORE = 'st-main'
const SECRET = 'whsec_MainStreet9f8e7d6c5b4a'
const OTHER_SECRET = 'whsec_SomeoneElse0a1b2c3d4e'

const logLines: string[] = []
const removeSink = addLogSink((line) => logLines.push(line))
vi.stubEnv('TILL_LOG_LEVEL', 'debug')

const keychain = testKeychain()
const running: RunningReceiver[] = []

async function start(dataDir = receiverDataDir(), secrets = keychain.secrets) {
  const started = await startReceiver(dataDir, secrets)
  running.push(started)
  return started
}

async function stop(target: RunningReceiver): Promise<void> {
  running.splice(running.indexOf(target), 1)
  await target.receiver.stop()
}

async function counts(target: RunningReceiver) {
  const { accepted, rejected, duplicates, pending } = await target.receiver.status()
  return { accepted, rejected, duplicates, pending }
}

describe('webhook receiver', () => {
  let main: RunningReceiver
  let profileId: string

  beforeAll(async () => {
    main = await start()
    profileId = await saveConnection(main.profiles, STORE, SECRET)
  })

  afterAll(async () => {
    for (const target of running.splice(0)) await target.receiver.stop()
    await keychain.cleanUp()
    removeSink()
    vi.unstubAllEnvs()
  })

  it('verifies, queues and acknowledges a signed event, then tells the renderer', async () => {
    const before = await counts(main)
    const body = webhookBody(STORE, 'bill.created', { bill_id: 'b-42' })
    const posted = await postSigned(main.url, SECRET, body)
    expect(posted.status).toBe(200)
    const status = await main.receiver.status()
    expect(status).toMatchObject({ listening: true, url: main.url, problem: null })
    expect(status.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/)
    expect(status.lastEventAt).not.toBeNull()
    expect(await counts(main)).toEqual({
      ...before,
      accepted: before.accepted + 1,
      pending: before.pending + 1,
    })
    const queued = (await main.receiver.take(500)).at(-1)
    expect(queued).toMatchObject({
      profileId,
      envelope: { id: JSON.parse(body).id, event: 'bill.created', data: { bill_id: 'b-42' } },
    })
    await expect
      .poll(() => main.emitted.filter((e) => e.name === 'webhooks.queued').at(-1)?.payload)
      .toEqual({ pending: before.pending + 1 })
  })

  it('answers 401 and queues nothing for a bad, missing or malformed signature, or an unknown store', async () => {
    const before = await counts(main)
    const body = webhookBody(STORE)
    const now = Math.floor(Date.now() / 1000)
    const attempts = [
      postWebhook(main.url, body, {}),
      postWebhook(main.url, body, { 'x-service-signature': 'v1=abc' }),
      postWebhook(main.url, body, { 'x-service-signature': signWebhook(OTHER_SECRET, body) }),
      postWebhook(main.url, body.replace('bill.created', 'bill.voided'), {
        'x-service-signature': signWebhook(SECRET, body),
      }),
      postWebhook(main.url, body, { 'x-service-signature': `t=${now},v1=${'0'.repeat(64)}` }),
      postSigned(main.url, SECRET, webhookBody('st-unknown')),
      postWebhook(main.url, 'not json', { 'x-service-signature': signWebhook(SECRET, 'not json') }),
    ]
    const answers = await Promise.all(attempts)
    expect(answers.map((a) => a.status)).toEqual(attempts.map(() => 401))
    expect(answers.map((a) => JSON.parse(a.body).error)).toEqual([
      'missing-header',
      'malformed',
      'bad-signature',
      'bad-signature',
      'bad-signature',
      'unknown-store',
      'unknown-store',
    ])
    expect(await counts(main)).toEqual({ ...before, rejected: before.rejected + attempts.length })
  })

  it('refuses timestamps more than 300 s old or ahead, even with a right signature', async () => {
    const before = await counts(main)
    // 30 s clear of the 300 s edge: the receiver reads its own clock later, and a loaded
    // machine moved it past a second boundary (a 301 s-ahead timestamp arrived 300 s ahead).
    const now = Math.floor(Date.now() / 1000)
    const stale = await postSigned(main.url, SECRET, webhookBody(STORE), now - 330)
    const future = await postSigned(main.url, SECRET, webhookBody(STORE), now + 330)
    expect([stale.status, future.status]).toEqual([401, 401])
    expect([JSON.parse(stale.body).error, JSON.parse(future.body).error]).toEqual([
      'stale',
      'future',
    ])
    expect(await counts(main)).toEqual({ ...before, rejected: before.rejected + 2 })
    // Newest first, with the reason, for the Problems screen.
    const { recentRejections } = await main.receiver.status()
    expect(recentRejections.slice(0, 2).map((r) => r.reason)).toEqual(['future', 'stale'])
  })

  it('processes a redelivered event once, and still answers 2xx', async () => {
    const before = await counts(main)
    const body = webhookBody(STORE, 'payment.created', { payment_id: 'p-1', bill_id: 'b-1' })
    const first = await postSigned(main.url, SECRET, body)
    const again = await postSigned(main.url, SECRET, body)
    const concurrent = await Promise.all([1, 2, 3].map(() => postSigned(main.url, SECRET, body)))
    expect([first, again, ...concurrent].map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(JSON.parse(again.body)).toEqual({ ok: true, duplicate: true })
    expect(await counts(main)).toEqual({
      ...before,
      accepted: before.accepted + 1,
      duplicates: before.duplicates + 4,
      pending: before.pending + 1,
    })
    const id = JSON.parse(body).id
    expect((await main.receiver.take(500)).filter((e) => e.envelope.id === id)).toHaveLength(1)
  })

  it('answers 400 to a signed body that is not an envelope, 413 past the size cap, 404 and 405 elsewhere', async () => {
    const before = await counts(main)
    const noEvent = JSON.stringify({ id: 'evt_no_name', install: { store_id: STORE } })
    const invalid = await postWebhook(main.url, noEvent, {
      'x-service-signature': signWebhook(SECRET, noEvent),
    })
    const huge = webhookBody(STORE, 'bill.created', { padding: 'x'.repeat(300 * 1024) })
    const tooLarge = await postSigned(main.url, SECRET, huge)
    const wrongPath = await postSigned(
      main.url.replace('/webhooks', '/hooks'),
      SECRET,
      webhookBody(STORE),
    )
    const wrongMethod = await postWebhook(main.url, '', {}, 'GET')
    expect([invalid.status, tooLarge.status, wrongPath.status, wrongMethod.status]).toEqual([
      400, 413, 404, 405,
    ])
    expect(await counts(main)).toEqual({ ...before, rejected: before.rejected + 2 })
  })

  it('answers 400 to a signed envelope nested too deep to keep, and queues the next one (issue 14, 3)', async () => {
    const before = await counts(main)
    const deep = webhookBody(STORE).replace(
      /"data":\{/,
      `"data":{"note":${'['.repeat(100_000)}${']'.repeat(100_000)},`,
    )
    expect((await postSigned(main.url, SECRET, deep)).status).toBe(400)
    expect((await postSigned(main.url, SECRET, webhookBody(STORE))).status).toBe(200)
    expect(await counts(main)).toMatchObject({
      accepted: before.accepted + 1,
      rejected: before.rejected + 1,
    })
  })

  it('keeps queued events and remembered ids across a restart of main; acknowledged ones never return', async () => {
    const dataDir = receiverDataDir()
    let first = await start(dataDir)
    await saveConnection(first.profiles, 'st-restart', SECRET)
    const bodies = [1, 2, 3].map(() => webhookBody('st-restart'))
    for (const body of bodies) expect((await postSigned(first.url, SECRET, body)).status).toBe(200)
    const [acked] = await first.receiver.take(1)
    expect(await first.receiver.ack([acked!.seq])).toBe(2)
    await stop(first)
    expect(await first.receiver.status()).toMatchObject({ listening: false, url: null })
    await expect(first.receiver.take(1)).rejects.toMatchObject({ name: 'ReceiverStoppedError' })
    await expect(postSigned(first.url, SECRET, webhookBody('st-restart'))).rejects.toThrow()

    first = await start(dataDir)
    expect((await first.receiver.status()).pending).toBe(2)
    const ids = bodies.map((body) => JSON.parse(body).id as string)
    expect((await first.receiver.take(10)).map((e) => e.envelope.id)).toEqual(ids.slice(1))
    const redelivered = await Promise.all(bodies.map((body) => postSigned(first.url, SECRET, body)))
    expect(redelivered.map((a) => JSON.parse(a.body))).toEqual(
      bodies.map(() => ({ ok: true, duplicate: true })),
    )
    await stop(first)

    const third = await start(dataDir)
    expect((await third.receiver.take(10)).map((e) => e.envelope.id)).toEqual(ids.slice(1))
  })

  it('marks the connection deactivated on app.uninstalled and clears it on app.reauthorized', async () => {
    const deactivated = async () => (await main.profiles.get(profileId)).deactivatedAt
    expect(await deactivated()).toBeNull()
    const uninstall = webhookBody(STORE, 'app.uninstalled', {})
    expect((await postSigned(main.url, SECRET, uninstall)).status).toBe(200)
    await expect.poll(deactivated).not.toBeNull()
    expect(main.emitted.some((e) => e.name === 'profiles.changed')).toBe(true)
    const queued = await main.receiver.take(500)
    expect(queued.map((e) => e.envelope.id)).toContain(JSON.parse(uninstall).id)

    const reauthorized = webhookBody(STORE, 'app.reauthorized', { scopes: ['r/history-bill'] })
    expect((await postSigned(main.url, SECRET, reauthorized)).status).toBe(200)
    await expect.poll(deactivated).toBeNull()
  })

  it('uses a changed signing secret as soon as the profiles change', async () => {
    const NEW_SECRET = 'whsec_Rotated55aa66bb77cc'
    await main.profiles.save({
      id: profileId,
      name: 'Main street',
      baseUrl: 'https://pos.example.com',
      storeId: STORE,
      webhookSecret: NEW_SECRET,
    })
    main.events.emit('profiles.changed', { activeProfileId: profileId })
    expect((await postSigned(main.url, SECRET, webhookBody(STORE))).status).toBe(401)
    expect((await postSigned(main.url, NEW_SECRET, webhookBody(STORE))).status).toBe(200)
    await main.profiles.save({
      id: profileId,
      name: 'Main street',
      baseUrl: 'https://pos.example.com',
      storeId: STORE,
      webhookSecret: SECRET,
    })
    main.events.emit('profiles.changed', { activeProfileId: profileId })
  })

  it('answers 503 (so the service retries) when the keychain cannot give the secret', async () => {
    const dataDir = receiverDataDir()
    const setUp = await start(dataDir)
    await saveConnection(setUp.profiles, 'st-locked', SECRET)
    await stop(setUp)
    const locked: SecretStore = {
      ...keychain.secrets,
      get: async () => {
        throw new KeychainUnavailableError('No unlocked keyring was found')
      },
    }
    const target = await start(dataDir, locked)
    const answer = await postSigned(target.url, SECRET, webhookBody('st-locked'))
    expect([answer.status, JSON.parse(answer.body).error]).toEqual([503, 'keychain-unavailable'])
    expect(await counts(target)).toEqual({ accepted: 0, rejected: 1, duplicates: 0, pending: 0 })
  })

  it('reports a port in use with the reason and goes on listening where it was (issue 27, 7)', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const busyPort = (blocker.address() as { port: number }).port
    try {
      const target = await start()
      await saveConnection(target.profiles, 'st-moved', SECRET)
      const settingsFile = join(target.dataDir, 'webhook-receiver.json')
      const savedBefore = readFileSync(settingsFile, 'utf8')
      const status = await target.receiver.configure({
        host: '127.0.0.1',
        port: busyPort,
        path: '/in',
      })
      expect(status).toMatchObject({ listening: true, url: target.url })
      expect(status.problem).toBe(
        `Port ${busyPort} is already in use by another program. Choose another port. Till goes on listening at ${target.url}.`,
      )
      expect(readFileSync(settingsFile, 'utf8')).toBe(savedBefore)
      expect((await postSigned(target.url, SECRET, webhookBody('st-moved'))).status).toBe(200)

      const moved = await target.receiver.configure({ host: '127.0.0.1', port: 0, path: '/in' })
      expect(moved).toMatchObject({ listening: true, problem: null })
      expect(moved.url).toMatch(/\/in$/)
      expect(moved.url).not.toBe(target.url)
      expect((await postSigned(moved.url!, SECRET, webhookBody('st-moved'))).status).toBe(200)
      await expect(postSigned(target.url, SECRET, webhookBody('st-moved'))).rejects.toThrow()
      expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).toEqual({
        host: '127.0.0.1',
        port: 0,
        path: '/in',
      })
    } finally {
      blocker.close()
    }
  })

  it('never writes a signing secret to the log or the queue file', async () => {
    const files = running.map((r) => readFileSync(join(r.dataDir, QUEUE_FILE_NAME), 'utf8'))
    const logs = logLines.join('\n')
    expect(logs).toContain('webhook refused')
    expect(files.join('').length).toBeGreaterThan(0)
    for (const secret of [SECRET, OTHER_SECRET]) {
      for (const text of [logs, ...files]) {
        expect(text).not.toContain(secret)
        expect(text).not.toContain(secret.slice('whsec_'.length))
      }
    }
  })
})
