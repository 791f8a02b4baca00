/**
 * At-least-once webhook delivery. Each envelope is POSTed to the target with a fresh delivery
 * id and signature on every attempt; a non-2xx answer, a network error or no answer within the
 * timeout is retried with exponential backoff, and now and then a delivered envelope is sent
 * once more on purpose. Every attempt is written to the delivery log.
 */

import { randomUUID } from 'node:crypto'
import http, { type ClientRequest } from 'node:http'
import https from 'node:https'
import { rngFor, Stream, type Rng } from '../rng'
import type { Envelope } from './envelope'
import { SIGNATURE_HEADER, signatureHeader } from './signing'

export interface DeliverySettings {
  secret: string
  timeoutMs: number
  retryBaseMs: number
  maxAttempts: number
  duplicateRate: number
  seed: number
}

export type DeliveryOutcome = 'delivered' | 'http_error' | 'timeout' | 'network_error'

export interface DeliveryAttempt {
  delivery_id: string
  envelope_id: string
  event: string
  /** 1 for the first send of the envelope, counting retries and deliberate duplicates. */
  attempt: number
  /** A deliberate second send of an envelope already delivered. */
  duplicate: boolean
  url: string
  /** Real time the attempt was sent. */
  sent_at: string
  signature_timestamp: number
  status: number | null
  outcome: DeliveryOutcome
  error: string | null
  duration_ms: number
  /** Delay before the next attempt, when one is scheduled. */
  retry_in_ms: number | null
}

interface Job {
  envelope: Envelope
  attempt: number
  duplicate: boolean
}

const MAX_IN_FLIGHT = 4
const MAX_BACKOFF_MS = 60_000
const LOG_LIMIT = 10_000

class DeliveryTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`)
    this.name = 'DeliveryTimeoutError'
  }
}

export class WebhookDispatcher {
  private target: string | null = null
  private readonly ready: Job[] = []
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly requests = new Set<ClientRequest>()
  private readonly attempts: DeliveryAttempt[] = []
  private readonly idleWaiters: (() => void)[] = []
  private readonly rng: Rng
  private sending = 0
  private closed = false

  constructor(private readonly settings: DeliverySettings) {
    this.rng = rngFor(settings.seed, Stream.deliveries)
  }

  /** Where envelopes go; while null they wait. */
  setTarget(url: string | null): void {
    this.target = url
    this.pump()
  }

  send(envelope: Envelope): void {
    if (this.closed) return
    this.ready.push({ envelope, attempt: 1, duplicate: false })
    this.pump()
  }

  log(): readonly DeliveryAttempt[] {
    return this.attempts
  }

  /** Envelopes waiting, being sent or scheduled for another attempt. */
  pending(): number {
    return this.ready.length + this.sending + this.timers.size
  }

  /** Resolves once nothing is waiting, in flight or scheduled (never while there is no target). */
  whenIdle(): Promise<void> {
    if (this.pending() === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  close(): void {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    for (const request of this.requests) request.destroy()
    this.ready.length = 0
    this.notifyIfIdle()
  }

  private pump(): void {
    while (!this.closed && this.target && this.sending < MAX_IN_FLIGHT && this.ready.length > 0) {
      const job = this.ready.shift() as Job
      this.sending++
      void this.attempt(job, this.target).finally(() => {
        this.sending--
        this.pump()
        this.notifyIfIdle()
      })
    }
  }

  private notifyIfIdle(): void {
    if (this.pending() > 0 && !this.closed) return
    for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  private schedule(job: Job, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.ready.push(job)
      this.pump()
    }, delayMs)
    this.timers.add(timer)
  }

  private async attempt(job: Job, url: string): Promise<void> {
    const deliveryId = `dlv_${randomUUID().replaceAll('-', '')}`
    const timestamp = Math.floor(Date.now() / 1000)
    const started = Date.now()
    const result = await this.post(url, job.envelope, deliveryId, timestamp)
    if (this.closed) return

    let retryIn: number | null = null
    if (result.outcome !== 'delivered' && job.attempt < this.settings.maxAttempts) {
      retryIn = Math.min(MAX_BACKOFF_MS, this.settings.retryBaseMs * 2 ** (job.attempt - 1))
      this.schedule({ ...job, attempt: job.attempt + 1 }, retryIn)
    } else if (
      result.outcome === 'delivered' &&
      !job.duplicate &&
      this.rng.chance(this.settings.duplicateRate)
    ) {
      this.schedule(
        { ...job, attempt: job.attempt + 1, duplicate: true },
        this.settings.retryBaseMs,
      )
    }
    this.attempts.push({
      delivery_id: deliveryId,
      envelope_id: job.envelope.id,
      event: job.envelope.event,
      attempt: job.attempt,
      duplicate: job.duplicate,
      url,
      sent_at: new Date(started).toISOString(),
      signature_timestamp: timestamp,
      status: result.status,
      outcome: result.outcome,
      error: result.error,
      duration_ms: Date.now() - started,
      retry_in_ms: retryIn,
    })
    if (this.attempts.length > LOG_LIMIT) this.attempts.shift()
  }

  private post(
    url: string,
    envelope: Envelope,
    deliveryId: string,
    timestamp: number,
  ): Promise<{ status: number | null; outcome: DeliveryOutcome; error: string | null }> {
    return new Promise((resolve) => {
      const target = new URL(url)
      const request = (target.protocol === 'https:' ? https : http).request(target, {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(envelope.body),
          'User-Agent': 'till-demo-service',
          'X-Service-Event': envelope.event,
          'X-Service-Delivery': deliveryId,
          [SIGNATURE_HEADER]: signatureHeader(this.settings.secret, timestamp, envelope.body),
        },
      })
      this.requests.add(request)
      const timer = setTimeout(
        () => request.destroy(new DeliveryTimeoutError(this.settings.timeoutMs)),
        this.settings.timeoutMs,
      )
      const finish = (status: number | null, outcome: DeliveryOutcome, error: string | null) => {
        clearTimeout(timer)
        this.requests.delete(request)
        resolve({ status, outcome, error })
      }
      request.on('response', (response) => {
        response.resume()
        const status = response.statusCode ?? 0
        finish(status, status >= 200 && status < 300 ? 'delivered' : 'http_error', null)
      })
      request.on('error', (error) =>
        finish(
          null,
          error instanceof DeliveryTimeoutError ? 'timeout' : 'network_error',
          error.message,
        ),
      )
      request.end(envelope.body)
    })
  }
}
