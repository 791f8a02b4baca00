/**
 * Fault injection on the Apps API. Each fault has a rate (0 = off). Every request draws once
 * per enabled fault from a seeded generator, in a fixed order, so the same sequence of
 * requests meets the same faults: tests can count them without flaking.
 */

import { InvalidRequestError } from './demo-errors'
import type { RawResponse } from './http-util'
import { rngFor, Stream, type Rng } from './rng'

const FAULT_NAMES = [
  'dropped_connection',
  'rate_limited',
  'server_error',
  'slow',
  'truncated_body',
  'inserts_while_paging',
] as const
export type FaultName = (typeof FAULT_NAMES)[number]

export interface FaultSetting {
  rate: number
  /** rate_limited: the Retry-After seconds. */
  retry_after?: number
  /** slow: how long the answer is held back. */
  delay_ms?: number
  /** inserts_while_paging: how many sales slip in before the answer. */
  count?: number
}

const DEFAULTS: Readonly<Record<FaultName, FaultSetting>> = {
  dropped_connection: { rate: 0 },
  rate_limited: { rate: 0, retry_after: 2 },
  server_error: { rate: 0 },
  slow: { rate: 0, delay_ms: 3000 },
  truncated_body: { rate: 0 },
  inserts_while_paging: { rate: 0, count: 3 },
}

/** What happens to one request. */
export interface FaultPlan {
  drop: boolean
  /** A 429 to answer instead, with Retry-After seconds. */
  retryAfter: number | null
  /** A 5xx to answer instead. */
  serverError: RawResponse | null
  delayMs: number
  truncate: boolean
  /** Sales to insert before answering a bill list. */
  inserts: number
}

const SERVER_ERRORS: readonly RawResponse[] = [
  {
    status: 500,
    text: JSON.stringify({ error: 'server_error', error_description: 'Something went wrong.' }),
    contentType: 'application/json; charset=utf-8',
  },
  {
    status: 502,
    text: '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>',
    contentType: 'text/html',
  },
  { status: 503, text: '', contentType: null },
]

export class FaultInjector {
  private readonly settings: Record<FaultName, FaultSetting> = structuredClone(DEFAULTS)
  private readonly counts: Record<FaultName, number> = zeroCounts()
  private requests = 0
  private rng: Rng

  constructor(private readonly seed: number) {
    this.rng = rngFor(seed, Stream.faults)
  }

  /**
   * Changes some faults' settings. A fault not named keeps its setting. The decision stream
   * and the counters restart, so a test that configures and then sends N requests always sees
   * the same faults.
   */
  configure(changes: Readonly<Record<string, unknown>>): void {
    const next = structuredClone(this.settings)
    for (const [name, value] of Object.entries(changes)) {
      if (!(FAULT_NAMES as readonly string[]).includes(name)) {
        throw new InvalidRequestError(`Unknown fault "${name}"; known: ${FAULT_NAMES.join(', ')}.`)
      }
      next[name as FaultName] = { ...next[name as FaultName], ...checkSetting(name, value) }
    }
    Object.assign(this.settings, next)
    this.reset()
  }

  /** Every fault off. */
  clear(): void {
    Object.assign(this.settings, structuredClone(DEFAULTS))
    this.reset()
  }

  private reset(): void {
    Object.assign(this.counts, zeroCounts())
    this.requests = 0
    this.rng = rngFor(this.seed, Stream.faults)
  }

  state(): {
    settings: Record<FaultName, FaultSetting>
    counts: Record<FaultName, number>
    requests: number
  } {
    return {
      settings: structuredClone(this.settings),
      counts: { ...this.counts },
      requests: this.requests,
    }
  }

  /** Decides the faults of one Apps API request; `billList` says whether inserts apply. */
  plan(billList: boolean): FaultPlan {
    this.requests++
    const drawn = new Set(
      FAULT_NAMES.filter((name) => {
        const { rate } = this.settings[name]
        return rate > 0 && this.rng.chance(rate)
      }),
    )
    // A request fails outright in one way at most; slow and truncated can add to the rest.
    const drop = drawn.has('dropped_connection')
    const limited = !drop && drawn.has('rate_limited')
    const failed = !drop && !limited && drawn.has('server_error')
    const applied: Record<FaultName, boolean> = {
      dropped_connection: drop,
      rate_limited: limited,
      server_error: failed,
      slow: !drop && drawn.has('slow'),
      truncated_body: !drop && drawn.has('truncated_body'),
      inserts_while_paging:
        !drop && !limited && !failed && billList && drawn.has('inserts_while_paging'),
    }
    for (const name of FAULT_NAMES) if (applied[name]) this.counts[name]++
    const { rate_limited, slow, inserts_while_paging } = this.settings
    return {
      drop,
      retryAfter: limited ? (rate_limited.retry_after ?? 1) : null,
      serverError: failed ? this.rng.pick(SERVER_ERRORS) : null,
      delayMs: applied.slow ? (slow.delay_ms ?? 0) : 0,
      truncate: applied.truncated_body,
      inserts: applied.inserts_while_paging ? (inserts_while_paging.count ?? 1) : 0,
    }
  }
}

function zeroCounts(): Record<FaultName, number> {
  return Object.fromEntries(FAULT_NAMES.map((name) => [name, 0])) as Record<FaultName, number>
}

const SETTING_KEYS = ['rate', 'retry_after', 'delay_ms', 'count'] as const

function checkSetting(name: string, value: unknown): FaultSetting {
  if (typeof value !== 'object' || value === null) {
    throw new InvalidRequestError(`Fault "${name}": expected an object such as {"rate": 0.1}.`)
  }
  const given = value as Record<string, unknown>
  for (const key of Object.keys(given)) {
    if (!(SETTING_KEYS as readonly string[]).includes(key)) {
      throw new InvalidRequestError(`Fault "${name}": unknown setting "${key}".`)
    }
  }
  const { rate, ...whole } = given
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) {
    throw new InvalidRequestError(`Fault "${name}": rate must be a number from 0 to 1.`)
  }
  for (const [key, number] of Object.entries(whole)) {
    if (!(typeof number === 'number' && Number.isSafeInteger(number) && number >= 0)) {
      throw new InvalidRequestError(`Fault "${name}": ${key} must be a whole number from 0.`)
    }
  }
  return given as unknown as FaultSetting
}
