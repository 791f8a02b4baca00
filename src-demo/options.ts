/** The demo service's options, their defaults and their validation. */

import { randomBytes } from 'node:crypto'
import { InvalidOptionError } from './demo-errors'
import { MERCHANT_DECISIONS, type MerchantDecision } from './ordering-platform/orders'

export const SCOPE_BILLS = 'r/history-bill'
export const SCOPE_EXPENSES = 'r/read-expenses'

export interface DemoServiceOptions {
  /** Loopback port; 0 picks a free one. The host is always 127.0.0.1. */
  port: number
  /** Seed of the generated shop: the same seed and shape options give the same data. */
  seed: number
  /** Days of history before the day of `now`. */
  days: number
  locations: number
  /** Mean number of sales in a register session. */
  billsPerSession: number
  /** ISO 4217 code; the exponent (0 for IDR, 2 for USD, 3 for KWD) comes from Intl. */
  currency: string
  /** IANA zone of the merchant. */
  timezone: string
  /** Start of the simulated clock, an ISO 8601 instant; history ends just before it. */
  now: string
  companyName: string
  storeId: string
  appKey: string
  /** Webhook signing secret, `whsec_…`. */
  webhookSecret: string
  /** Bearer token of the control API. */
  controlToken: string
  /** Scopes the merchant granted at install. */
  scopes: string[]
  /** Keep trading (and sending webhooks) in real time. */
  live: boolean
  /** Live shop events per minute. */
  livePace: number
  webhookUrl: string | null
  /** Share of delivered events sent a second time on purpose. */
  webhookDuplicateRate: number
  /** A delivery not answered within this time counts as failed. */
  webhookTimeoutMs: number
  /** First retry delay; each further retry waits twice as long (at most a minute). */
  webhookRetryBaseMs: number
  webhookMaxAttempts: number
  /** Seed of the fault injector's decisions; defaults to `seed`. */
  faultSeed: number
  /** Bearer token of the Platform Orders API (one per platform, not per merchant). */
  platformToken: string
  /** Signing secret of the platform's webhooks and Connect calls, `whsec_…`. */
  platformWebhookSecret: string
  /** Where the platform's webhooks go. */
  platformWebhookUrl: string | null
  /** What the simulated merchant does with a pending online order after the delay. */
  orderDecision: MerchantDecision
  orderDecisionDelayMs: number
}

export interface ResolvedOptions extends DemoServiceOptions {
  /** `now` as unix seconds. */
  startAt: number
}

const randomToken = (prefix: string): string => `${prefix}${randomBytes(24).toString('hex')}`

function integer(name: string, value: number, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new InvalidOptionError(
      name,
      `expected a whole number from ${min} to ${max}, got ${value}`,
    )
  }
  return value
}

function rate(name: string, value: number): number {
  if (!(value >= 0 && value <= 1)) {
    throw new InvalidOptionError(name, `expected a rate from 0 to 1, got ${value}`)
  }
  return value
}

function nonEmpty(name: string, value: string): string {
  if (value.trim() === '') throw new InvalidOptionError(name, 'must not be empty')
  return value
}

function startOfMinute(): string {
  const now = new Date()
  now.setUTCSeconds(0, 0)
  return now.toISOString()
}

export function resolveOptions(given: Partial<DemoServiceOptions>): ResolvedOptions {
  const seed = given.seed ?? 1
  const options: DemoServiceOptions = {
    port: 0,
    seed,
    days: 30,
    locations: 3,
    billsPerSession: 40,
    currency: 'IDR',
    timezone: 'Asia/Jakarta',
    now: startOfMinute(),
    companyName: 'Demo Coffee & Bakery',
    storeId: 'demo-store',
    appKey: randomToken('demo_key_'),
    webhookSecret: randomToken('whsec_'),
    controlToken: randomToken('demo_control_'),
    scopes: [SCOPE_BILLS, SCOPE_EXPENSES],
    live: false,
    livePace: 12,
    webhookUrl: null,
    webhookDuplicateRate: 0.02,
    webhookTimeoutMs: 5000,
    webhookRetryBaseMs: 2000,
    webhookMaxAttempts: 8,
    faultSeed: seed,
    platformToken: randomToken('demo_platform_'),
    platformWebhookSecret: randomToken('whsec_'),
    platformWebhookUrl: null,
    orderDecision: 'accept',
    orderDecisionDelayMs: 20_000,
    ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
  }
  integer('port', options.port, 0, 65535)
  integer('seed', options.seed, 0, Number.MAX_SAFE_INTEGER)
  integer('faultSeed', options.faultSeed, 0, Number.MAX_SAFE_INTEGER)
  integer('days', options.days, 0, 3660)
  integer('locations', options.locations, 1, 500)
  integer('billsPerSession', options.billsPerSession, 1, 1_000_000)
  integer('webhookTimeoutMs', options.webhookTimeoutMs, 1, 600_000)
  integer('webhookRetryBaseMs', options.webhookRetryBaseMs, 1, 3_600_000)
  integer('webhookMaxAttempts', options.webhookMaxAttempts, 1, 100)
  integer('orderDecisionDelayMs', options.orderDecisionDelayMs, 0, 86_400_000)
  rate('webhookDuplicateRate', options.webhookDuplicateRate)
  if (!(options.livePace > 0 && options.livePace <= 6000)) {
    throw new InvalidOptionError(
      'livePace',
      `expected events per minute from 0 to 6000, got ${options.livePace}`,
    )
  }
  nonEmpty('storeId', options.storeId)
  nonEmpty('appKey', options.appKey)
  nonEmpty('controlToken', options.controlToken)
  nonEmpty('companyName', options.companyName)
  if (!options.webhookSecret.startsWith('whsec_')) {
    throw new InvalidOptionError('webhookSecret', 'must begin with "whsec_"')
  }
  nonEmpty('platformToken', options.platformToken)
  if (options.appKey === options.controlToken) {
    throw new InvalidOptionError('controlToken', 'must differ from the app key')
  }
  if ([options.appKey, options.controlToken].includes(options.platformToken)) {
    throw new InvalidOptionError('platformToken', 'must differ from the app key and control token')
  }
  if (!options.platformWebhookSecret.startsWith('whsec_')) {
    throw new InvalidOptionError('platformWebhookSecret', 'must begin with "whsec_"')
  }
  for (const name of ['webhookUrl', 'platformWebhookUrl'] as const) {
    const url = options[name]
    if (url !== null && !/^https?:\/\//.test(url)) {
      throw new InvalidOptionError(name, 'must be an http(s) URL')
    }
  }
  if (!MERCHANT_DECISIONS.includes(options.orderDecision)) {
    throw new InvalidOptionError(
      'orderDecision',
      `expected one of ${MERCHANT_DECISIONS.join(', ')}`,
    )
  }
  const startMs = Date.parse(options.now)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(options.now) || Number.isNaN(startMs)) {
    throw new InvalidOptionError('now', `expected an ISO 8601 instant, got "${options.now}"`)
  }
  return { ...options, scopes: [...options.scopes], startAt: Math.floor(startMs / 1000) }
}
