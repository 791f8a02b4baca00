/**
 * Conformance: Connect (interface §2.9, §4.3, §5.3, §7, §8) against a tiny platform server
 * written here from the document: it mints single-use codes, checks every call's signature with
 * its own HMAC, and answers the errors of §7.
 */

import { describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../../../src-demo/index'
import {
  control,
  signatureOf,
  startReceiver,
  startService,
  type ErrorBody,
  type ReceivedWebhook,
  type Reply,
} from '../../support/demo-service'

interface Code {
  account: string
  expiresAt: number
  consumed: boolean
}
interface Seen {
  method: string
  raw: string
  signed: boolean
}
interface ConnectState {
  connect_url: string | null
  instructions: string | null
  code_label: string | null
  account: { external_account_id: string; display_name: string | null } | null
  last_error: { error: string; error_description: string } | null
}

const INSTRUCTIONS = 'In the Orderly app open Settings → Link POS.\nCopy the 6-digit code shown.'
const DESCRIPTIONS = {
  invalid_code: 'That code is not one we issued. Check Settings → Link POS in Orderly.',
  expired_code: 'This code has expired (codes last 10 minutes). Make a new one in Orderly.',
  code_already_consumed: 'This code was already used to link an account.',
}

/** A platform's {connect_url}, checking signatures with `secret`. */
class TinyPlatform {
  readonly codes = new Map<string, Code>()
  readonly seen: Seen[] = []
  instructions: Record<string, unknown> = { instructions: INSTRUCTIONS, code_label: 'Link code' }

  constructor(private readonly secret: string) {}

  mint(code: string, account: string, lifetimeSeconds = 600): void {
    this.codes.set(code, {
      account,
      expiresAt: Date.now() / 1000 + lifetimeSeconds,
      consumed: false,
    })
  }

  async start(): Promise<string> {
    const receiver = await startReceiver((_, request) => this.answer(request))
    return receiver.url
  }

  private answer({ method, headers, raw }: ReceivedWebhook): Reply {
    const { t, valid } = signatureOf(headers['x-service-signature'] as string, raw, this.secret)
    const signed = valid && Math.abs(Date.now() / 1000 - t) <= 300
    this.seen.push({ method, raw, signed })
    if (!signed) return { status: 401, json: { error: 'invalid_signature' } }
    if (method === 'GET') return { status: 200, json: this.instructions }
    const { connect_code: given } = JSON.parse(raw) as { connect_code: string }
    const code = this.codes.get(given)
    const refuse = (error: keyof typeof DESCRIPTIONS, status = 400): Reply => ({
      status,
      json: { error, error_description: DESCRIPTIONS[error] },
    })
    if (!code) return refuse('invalid_code')
    if (code.consumed) return refuse('code_already_consumed', 409)
    if (code.expiresAt < Date.now() / 1000) return refuse('expired_code')
    code.consumed = true
    return {
      status: 200,
      json: { external_account_id: code.account, display_name: 'Demo Coffee on Orderly' },
    }
  }
}

async function connected(secret?: string): Promise<{
  service: DemoServiceHandle
  platform: TinyPlatform
}> {
  const service = await startService()
  const platform = new TinyPlatform(secret ?? service.platformWebhookSecret)
  const url = await platform.start()
  const configured = await control(service, 'PUT', '/platform/connect', { connect_url: url })
  expect(configured.status).toBe(200)
  return { service, platform }
}

const enable = (service: DemoServiceHandle, code: string) =>
  control<ConnectState & ErrorBody & { platform_status: number | null }>(
    service,
    'POST',
    '/platform/connect/enable',
    { connect_code: code },
  )

describe('Connect (interface §4.3, §2.9)', () => {
  it('§4.3.3 enabling the app: the service GETs the instructions, then POSTs {connect_code}, both signed (§5.3); the account is recorded and the code consumed (§4.3.4)', async () => {
    const { service, platform } = await connected()
    platform.mint('482913', 'acct_7781')
    const answer = await enable(service, '482913')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      instructions: INSTRUCTIONS,
      code_label: 'Link code',
      account: { external_account_id: 'acct_7781', display_name: 'Demo Coffee on Orderly' },
      last_error: null,
    })
    expect(platform.seen.map(({ method, signed }) => [method, signed])).toEqual([
      ['GET', true],
      ['POST', true],
    ])
    expect(JSON.parse(platform.seen[1]?.raw ?? '')).toEqual({ connect_code: '482913' })
    expect(platform.codes.get('482913')?.consumed).toBe(true)
    const state = await control<{ connect: ConnectState }>(service, 'GET', '/platform')
    expect(state.body.connect.account?.external_account_id).toBe('acct_7781')
  })

  it('§7 invalid_code, expired_code and code_already_consumed: the platform’s error_description is shown verbatim', async () => {
    const { service, platform } = await connected()
    platform.mint('111111', 'acct_1')
    platform.mint('222222', 'acct_2', -1)
    expect((await enable(service, '111111')).status).toBe(200)
    const cases: [string, keyof typeof DESCRIPTIONS, number][] = [
      ['999999', 'invalid_code', 400],
      ['222222', 'expired_code', 400],
      ['111111', 'code_already_consumed', 409],
    ]
    for (const [code, error, platformStatus] of cases) {
      const answer = await enable(service, code)
      expect(answer.status).toBe(422)
      expect(answer.body).toEqual({
        error,
        error_description: DESCRIPTIONS[error],
        platform_status: platformStatus,
      })
      const state = await control<{ connect: ConnectState }>(service, 'GET', '/platform')
      expect(state.body.connect.last_error?.error_description).toBe(DESCRIPTIONS[error])
    }
  })

  it('§4.3.5 a signature that does not verify gets 401 from the platform; the merchant is told and nothing is linked', async () => {
    const { service, platform } = await connected('whsec_a_secret_the_service_does_not_have')
    platform.mint('333333', 'acct_3')
    const answer = await enable(service, '333333')
    expect(answer.status).toBe(422)
    expect(answer.body.error).toBe('signature_rejected')
    expect(answer.body.error_description).toContain('401')
    expect(platform.seen.map((seen) => seen.signed)).toEqual([false])
    expect(platform.codes.get('333333')?.consumed).toBe(false)
    const state = await control<{ connect: ConnectState }>(service, 'GET', '/platform')
    expect(state.body.connect.account).toBeNull()
  })

  it('§8 instructions of more than 4 lines, or without text, are refused before any code is sent; code_label is optional', async () => {
    const { service, platform } = await connected()
    platform.mint('444444', 'acct_4')
    platform.instructions = { instructions: 'one\ntwo\nthree\nfour\nfive' }
    const long = await enable(service, '444444')
    expect(long.status).toBe(422)
    expect(long.body.error).toBe('invalid_instructions')
    platform.instructions = { code_label: 'Code' }
    expect((await enable(service, '444444')).body.error).toBe('invalid_platform_answer')
    expect(platform.seen.map((seen) => seen.method)).toEqual(['GET', 'GET'])

    platform.instructions = { instructions: 'one\ntwo\nthree\nfour' }
    const ok = await enable(service, '444444')
    expect(ok.status).toBe(200)
    expect(ok.body.code_label).toBeNull()
  })

  it('§4.3.1 without a connect URL there is nothing to enable (409); an unreachable one is a 502', async () => {
    const service = await startService()
    const none = await enable(service, '555555')
    expect(none.status).toBe(409)
    // Nothing listens on port 1 of the loopback interface.
    await control(service, 'PUT', '/platform/connect', {
      connect_url: 'http://127.0.0.1:1/connect',
    })
    const unreachable = await enable(service, '555555')
    expect(unreachable.status).toBe(502)
    expect(unreachable.body.error).toBe('platform_unreachable')
    const bad = await control(service, 'PUT', '/platform/connect', { connect_url: 'ftp://x' })
    expect(bad.status).toBe(400)
  })
})
