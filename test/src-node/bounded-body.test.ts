import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PLATFORM_BODY_BYTES } from '../../src-demo/ordering-platform/platform-api'
import { startBrowserShellServer, type BrowserShell } from '../../src-main/browser-shell/server'
import { createDispatcher, type ChannelHandlers } from '../../src-main/bridge/dispatcher'
import { EventBus } from '../../src-main/bridge/event-bus'
import { createLogger } from '../../src-main/logging/logger'
import { startService } from '../support/demo-service'
import {
  receiverDataDir,
  startReceiver,
  testKeychain,
  type RunningReceiver,
} from '../support/receiver-fixture'

/** The webhook receiver's limit on an event's body. */
const BODY_LIMIT_BYTES = 256 * 1024

/** The browser shell's limit on a bridge call's body. */
const MAX_CALL_BODY_BYTES = 1024 * 1024

/** The demo service's limit on a JSON request body. */
const MAX_JSON_BYTES = 1024 * 1024

const log = createLogger('test')

/** A JSON object of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const frame = '{"padding":""}'
  return `{"padding":"${'x'.repeat(bytes - frame.length)}"}`
}

/** POSTs `body` and returns the status and the parsed JSON answer. */
async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  })
  return { status: response.status, body: await response.json() }
}

/** The one oversize answer, spelled out here rather than taken from the code under test. */
function oversizeAnswer(limit: number): { status: number; body: unknown } {
  return {
    status: 413,
    body: {
      error: 'payload_too_large',
      error_description: `The request body is larger than ${limit} bytes.`,
      limit,
    },
  }
}

describe('every server of ours answers a body past its limit with the one oversize answer', () => {
  const keychain = testKeychain()
  let receiver: RunningReceiver
  let shell: BrowserShell
  let shellSession: string

  beforeAll(async () => {
    receiver = await startReceiver(receiverDataDir(), keychain.secrets)
    const rendererDir = join(mkdtempSync(join(tmpdir(), 'till-renderer-')), 'renderer')
    mkdirSync(rendererDir)
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Till</title>')
    const token = 'launch-token-for-tests-0123456789'
    shell = await startBrowserShellServer({
      port: 0,
      rendererDir,
      token,
      dispatch: createDispatcher(
        { 'profiles.delete': async ({ id }: { id: string }) => ({ id }) } as ChannelHandlers,
        log,
      ),
      events: new EventBus(log),
      log,
    })
    const exchanged = await fetch(`http://127.0.0.1:${shell.port}/bridge/session`, {
      method: 'POST',
      headers: { 'X-Till-Token': token, Origin: `http://127.0.0.1:${shell.port}` },
    })
    shellSession = String(exchanged.headers.get('set-cookie')).split(';')[0]!
  })
  afterAll(async () => {
    await receiver.receiver.stop()
    await shell.close()
    await keychain.cleanUp()
  })

  it('the webhook receiver', async () => {
    expect(await post(receiver.url, jsonOfSize(BODY_LIMIT_BYTES + 1))).toEqual(
      oversizeAnswer(BODY_LIMIT_BYTES),
    )
  })

  it('the browser shell’s bridge calls, and a body at the limit is still read', async () => {
    const headers = { Cookie: shellSession, Origin: `http://127.0.0.1:${shell.port}` }
    const url = `http://127.0.0.1:${shell.port}/bridge/call/profiles.delete`
    expect(await post(url, jsonOfSize(MAX_CALL_BODY_BYTES + 1), headers)).toEqual(
      oversizeAnswer(MAX_CALL_BODY_BYTES),
    )
    const atLimit = await post(url, jsonOfSize(MAX_CALL_BODY_BYTES), headers)
    expect(atLimit.status).toBe(200)
  })

  it('the demo service’s control API and platform API', async () => {
    const demo = await startService()
    expect(
      await post(`${demo.url}/_control/sales`, jsonOfSize(MAX_JSON_BYTES + 1), {
        Authorization: `Bearer ${demo.controlToken}`,
      }),
    ).toEqual(oversizeAnswer(MAX_JSON_BYTES))
    expect(
      await post(`${demo.url}/platform-v1/orders`, jsonOfSize(MAX_PLATFORM_BODY_BYTES + 1), {
        Authorization: `Bearer ${demo.platformToken}`,
      }),
    ).toEqual(oversizeAnswer(MAX_PLATFORM_BODY_BYTES))
  })
})
