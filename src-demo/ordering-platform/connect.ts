/**
 * Connect (interface §2.9, §4.3, §7): pairing the merchant with a platform account. Configuring
 * a `{connect_url}` is the opt-in; when the merchant enables the app, the service GETs the
 * URL for the instructions (at most 4 lines, optional code label), then POSTs the code the
 * merchant typed, both signed as §5.3. The platform's `error_description` is shown verbatim.
 */

import { ApiError, ConflictError } from '../demo-errors'
import { isObject } from '../request-fields'
import { SIGNATURE_HEADER, signatureHeader } from '../webhooks/signing'

const MAX_INSTRUCTION_LINES = 4
const TIMEOUT_MS = 5000

export interface ConnectedAccount {
  externalAccountId: string
  displayName: string | null
  connectedAt: number
}

export interface ConnectFailure {
  error: string
  error_description: string
  platform_status: number | null
}

/** The platform refused or could not pair; the body carries its words as they came. */
export class ConnectFailedError extends ApiError {
  constructor(readonly failure: ConnectFailure) {
    super(failure.platform_status === null ? 502 : 422, failure.error, failure.error_description, {
      platform_status: failure.platform_status,
    })
    this.name = 'ConnectFailedError'
  }
}

interface PlatformAnswer {
  status: number
  body: unknown
}

export class ConnectLink {
  connectUrl: string | null = null
  instructions: string | null = null
  codeLabel: string | null = null
  account: ConnectedAccount | null = null
  lastFailure: ConnectFailure | null = null

  constructor(
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  configure(url: string | null): void {
    this.connectUrl = url
    this.instructions = null
    this.codeLabel = null
  }

  /** The merchant enables the app with the code the platform gave them. */
  async enable(connectCode: string): Promise<ConnectedAccount> {
    const url = this.connectUrl
    if (url === null) throw new ConflictError('No connect URL is configured for the platform.')
    try {
      const instructions = await this.call(url, 'GET', '')
      this.readInstructions(instructions)
      const answer = await this.call(url, 'POST', JSON.stringify({ connect_code: connectCode }))
      this.account = this.readAccount(answer)
      this.lastFailure = null
      return this.account
    } catch (error) {
      if (error instanceof ConnectFailedError) this.lastFailure = error.failure
      throw error
    }
  }

  private readInstructions(answer: PlatformAnswer): void {
    const { body } = answer
    const instructions = isObject(body) ? body['instructions'] : undefined
    const codeLabel = isObject(body) ? body['code_label'] : undefined
    if (
      answer.status !== 200 ||
      typeof instructions !== 'string' ||
      (codeLabel !== undefined && typeof codeLabel !== 'string')
    ) {
      throw this.unexpected(answer, 'GET', 'an object with "instructions" text')
    }
    if (instructions.split(/\r?\n/).length > MAX_INSTRUCTION_LINES) {
      throw new ConnectFailedError({
        error: 'invalid_instructions',
        error_description: `The platform's instructions have more than ${MAX_INSTRUCTION_LINES} lines.`,
        platform_status: answer.status,
      })
    }
    this.instructions = instructions
    this.codeLabel = codeLabel ?? null
  }

  private readAccount(answer: PlatformAnswer): ConnectedAccount {
    const { body } = answer
    if (
      answer.status === 200 &&
      isObject(body) &&
      typeof body['external_account_id'] === 'string'
    ) {
      const displayName = body['display_name']
      return {
        externalAccountId: body['external_account_id'],
        displayName: typeof displayName === 'string' ? displayName : null,
        connectedAt: this.now(),
      }
    }
    if (
      answer.status >= 400 &&
      answer.status < 500 &&
      answer.status !== 401 &&
      isObject(body) &&
      typeof body['error'] === 'string' &&
      typeof body['error_description'] === 'string'
    ) {
      throw new ConnectFailedError({
        error: body['error'],
        error_description: body['error_description'],
        platform_status: answer.status,
      })
    }
    throw this.unexpected(answer, 'POST', '"external_account_id" or an error')
  }

  private unexpected(answer: PlatformAnswer, method: string, expected: string): ConnectFailedError {
    if (answer.status === 401) {
      return new ConnectFailedError({
        error: 'signature_rejected',
        error_description: `The platform rejected the service's signature on ${method} (HTTP 401): check the signing secret.`,
        platform_status: 401,
      })
    }
    return new ConnectFailedError({
      error: 'invalid_platform_answer',
      error_description: `The platform answered ${method} with HTTP ${answer.status}, not ${expected}.`,
      platform_status: answer.status,
    })
  }

  private async call(url: string, method: 'GET' | 'POST', body: string): Promise<PlatformAnswer> {
    const timestamp = Math.floor(Date.now() / 1000)
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: {
          [SIGNATURE_HEADER]: signatureHeader(this.secret, timestamp, body),
          Accept: 'application/json',
          ...(method === 'POST' && { 'Content-Type': 'application/json' }),
        },
        body: method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new ConnectFailedError({
        error: 'platform_unreachable',
        error_description: `The platform's connect URL did not answer ${method}: ${
          error instanceof Error ? error.message : String(error)
        }.`,
        platform_status: null,
      })
    }
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    return { status: response.status, body: parsed }
  }
}
