import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type {
  QueuedWebhook,
  SetAsidePage,
  WebhookReceiverSettings,
  WebhookReceiverStatus,
} from '../../../src-shared/bridge/contract'
import type { EventBus } from '../../bridge/event-bus'
import type { Logger } from '../../logging/logger'
import type { JsonFile } from '../../platform/json-file'
import { readBoundedBody, tooLargeAnswer } from '../../../src-node/bounded-body'
import { InstallLifecycle } from './install-lifecycle'
import { WebhookIntake, type IntakeOutcome, type RejectionReason } from './intake'
import { WebhookQueue } from './queue'
import { DEFAULT_RECEIVER_SETTINGS, receiverSettingsFile, receiverUrl } from './receiver-settings'
import { SigningProfiles, type ProfileSource } from './signing-profiles'

export interface WebhookReceiverOptions {
  dataDir: string
  profiles: ProfileSource
  events: EventBus
  log: Logger
}

/** Envelopes are a few hundred bytes; this leaves room for big `data` without inviting abuse. */
const BODY_LIMIT_BYTES = 256 * 1024
const RECENT_REJECTIONS = 50

/** The renderer is told about new events at most this often during a burst. */
const ANNOUNCE_DELAY_MS = 100

const REJECTION_STATUS: Record<RejectionReason, number> = {
  'missing-header': 401,
  malformed: 401,
  stale: 401,
  future: 401,
  'bad-signature': 401,
  'unknown-store': 401,
  'invalid-envelope': 400,
  'keychain-unavailable': 503,
  'queue-unavailable': 503,
}

function listenProblem(error: unknown, settings: WebhookReceiverSettings): string {
  const { host, port } = settings
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use by another program. Choose another port.`
    case 'EACCES':
      return `Till is not allowed to listen on port ${port}. Choose a port above 1023.`
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `This computer has no address ${host}. Use 127.0.0.1 unless the service reaches this PC through a tunnel.`
    default:
      return `The receiver could not listen on ${host}:${port} (${(error as Error).message}).`
  }
}

function reply(
  response: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...headers,
  })
  response.end(JSON.stringify(body))
}

interface Running {
  server: Server
  port: number
}

interface OpenQueue {
  queue: WebhookQueue
  intake: WebhookIntake
}

class ReceiverStoppedError extends Error {
  constructor() {
    super('The webhook receiver has stopped.')
    this.name = 'ReceiverStoppedError'
  }
}

/**
 * The webhook receiver (docs/service.md#receiving): an HTTP endpoint that verifies, dedupes and
 * durably queues deliveries, answering at once. Listening problems (a port in use) become status
 * text; nothing here throws into the shell that started it.
 */
export class WebhookReceiver {
  private readonly settingsFile: JsonFile<WebhookReceiverSettings>
  private readonly signing: SigningProfiles
  private readonly lifecycle: InstallLifecycle
  private readonly log: Logger
  private settings: WebhookReceiverSettings = DEFAULT_RECEIVER_SETTINGS
  private running: Running | null = null
  private problem: string | null = null
  private readonly counts = { accepted: 0, rejected: 0, duplicates: 0 }
  private readonly rejections: WebhookReceiverStatus['recentRejections'] = []
  private lastEventAt: string | null = null
  private opening: Promise<OpenQueue> | null = null
  /** After stop, nothing reopens the queue file. */
  private stopped = false
  private transition: Promise<unknown> = Promise.resolve()
  private announceTimer: NodeJS.Timeout | null = null
  private unsubscribe: (() => void) | null = null
  private readonly serving = new Set<Promise<void>>()

  constructor(private readonly options: WebhookReceiverOptions) {
    this.log = options.log
    this.settingsFile = receiverSettingsFile(options.dataDir, options.log)
    this.signing = new SigningProfiles(options.profiles, options.log.child('signing'))
    this.lifecycle = new InstallLifecycle(options.profiles, options.events, options.log)
  }

  /** Opens the queue and listens where the settings say. */
  start(): Promise<WebhookReceiverStatus> {
    return this.serialise(async () => {
      this.stopped = false
      this.settings = await this.settingsFile.read().catch((error: unknown) => {
        this.log.error('could not read the receiver settings; using the defaults', { error })
        return DEFAULT_RECEIVER_SETTINGS
      })
      this.unsubscribe ??= this.options.events.subscribe((event) => {
        if (event.name === 'profiles.changed') this.signing.invalidate()
      })
      const queue = await this.openQueue().catch((error: unknown) => {
        this.opening = null
        this.problem = `The webhook queue in the data folder cannot be opened (${(error as Error).message}).`
        this.log.error('cannot open the webhook queue', { error })
        return null
      })
      if (!queue) return
      await this.listen(this.settings)
      if (queue.pending() > 0) this.announce(queue)
    })
  }

  /** Stops listening, waits for what is in flight, and closes the queue file. */
  async stop(): Promise<void> {
    await this.serialise(async () => {
      this.stopped = true
      await this.close()
      this.unsubscribe?.()
      this.unsubscribe = null
      if (this.announceTimer) clearTimeout(this.announceTimer)
      this.announceTimer = null
      await this.lifecycle.idle()
      const opening = this.opening
      this.opening = null
      await opening?.then(({ queue }) => queue.close()).catch(() => undefined)
    })
  }

  /**
   * Listens where the new settings say and saves them; when it cannot (a port in use), it keeps
   * listening where it was and the status says why the new address was refused.
   */
  configure(settings: WebhookReceiverSettings): Promise<WebhookReceiverStatus> {
    return this.serialise(async () => {
      const running = this.running
      const sameSocket =
        running !== null &&
        settings.host === this.settings.host &&
        settings.port !== 0 &&
        settings.port === this.settings.port
      if (!sameSocket && !(await this.listen(settings))) return
      this.settings = settings
      this.problem = null
      await this.settingsFile.write(settings)
    })
  }

  async status(): Promise<WebhookReceiverStatus> {
    const queue = await this.openQueue().catch(() => null)
    const running = this.running
    return {
      settings: this.settings,
      listening: running !== null,
      url: running ? receiverUrl(this.settings, running.port) : null,
      problem: this.problem,
      lastEventAt: this.lastEventAt ?? queue?.lastReceivedAt() ?? null,
      ...this.counts,
      pending: queue?.pending() ?? 0,
      recentRejections: [...this.rejections],
    }
  }

  /** The oldest pending events, only looked at. */
  async take(max: number): Promise<QueuedWebhook[]> {
    return (await this.openQueue()).take(max)
  }

  /** Events for the renderer to apply, each counted as an attempt (see WebhookQueue.takeToApply). */
  async takeToApply(max: number): Promise<QueuedWebhook[]> {
    const queue = await this.openQueue()
    const before = queue.setAsideCount()
    const events = await queue.takeToApply(max)
    if (queue.setAsideCount() !== before) this.announce(queue)
    return events
  }

  async ack(seqs: readonly number[]): Promise<number> {
    return (await this.openQueue()).ack(seqs)
  }

  async release(seqs: readonly number[]): Promise<number> {
    const queue = await this.openQueue()
    queue.release(seqs)
    return queue.pending()
  }

  /** An event the renderer could not apply: out of the queue, kept with its reason. */
  async setAside(seq: number, reason: string): Promise<number> {
    const queue = await this.openQueue()
    const pending = await queue.setAside(seq, reason)
    // The reason in full is in the queue; a flood of broken events must not flood the log too.
    this.log.warn('webhook event set aside', { seq, reason: reason.slice(0, 200) })
    this.announce(queue)
    return pending
  }

  async setAsidePage(before: number | null, limit: number): Promise<SetAsidePage> {
    return (await this.openQueue()).setAsidePage(before, limit)
  }

  async retry(seqs: readonly number[]): Promise<number> {
    const queue = await this.openQueue()
    const pending = await queue.retry(seqs)
    this.announce(queue)
    return pending
  }

  private serialise(work: () => Promise<void>): Promise<WebhookReceiverStatus> {
    const next = this.transition.then(work).then(() => this.status())
    this.transition = next.catch(() => undefined)
    return next
  }

  private async openQueue(): Promise<WebhookQueue> {
    return (await this.open()).queue
  }

  /** The queue is opened by the first thing that needs it (a bridge call may come before start). */
  private open(): Promise<OpenQueue> {
    if (this.stopped) return Promise.reject(new ReceiverStoppedError())
    this.opening ??= WebhookQueue.open(this.options.dataDir, this.log.child('queue')).then(
      (queue) => ({
        queue,
        intake: new WebhookIntake(this.signing, queue, this.lifecycle, this.log.child('intake')),
      }),
    )
    return this.opening
  }

  /**
   * Starts a server where `settings` say, then lets go of the one running before; when the new
   * one cannot listen, the old one goes on and the problem says why. Whether it moved.
   */
  private async listen(settings: WebhookReceiverSettings): Promise<boolean> {
    const server = createServer({ requestTimeout: 10_000, headersTimeout: 5_000 }, (req, res) => {
      const serving = this.serve(req, res).finally(() => this.serving.delete(serving))
      this.serving.add(serving)
    })
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(settings.port, settings.host, () => {
          server.off('error', reject)
          resolve()
        })
      })
    } catch (error) {
      const old = this.running
      this.problem = old
        ? `${listenProblem(error, settings)} Till goes on listening at ${receiverUrl(this.settings, old.port)}.`
        : listenProblem(error, settings)
      this.log.warn('webhook receiver could not listen', { problem: this.problem })
      return false
    }
    await this.close()
    server.on('error', (error) => {
      this.problem = listenProblem(error, settings)
      this.log.error('webhook receiver failed', { error })
    })
    // The receiver alone never keeps a process alive; the shell decides when main ends.
    server.unref()
    this.running = { server, port: (server.address() as AddressInfo).port }
    this.problem = null
    this.log.info('webhook receiver listening', { url: receiverUrl(settings, this.running.port) })
    return true
  }

  private async close(): Promise<void> {
    const running = this.running
    this.running = null
    if (!running) return
    const closed = new Promise<void>((resolve) => running.server.close(() => resolve()))
    // Cut open connections: a request still being read fails at once; one being queued finishes.
    running.server.closeAllConnections()
    await Promise.all([closed, ...this.serving])
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = (request.url ?? '/').split('?')[0]
      if (path !== this.settings.path) return reply(response, 404, { error: 'not_found' })
      if (request.method !== 'POST')
        return reply(response, 405, { error: 'method_not_allowed' }, { allow: 'POST' })
      const receivedAt = new Date()
      const rawBody = await readBoundedBody(request, BODY_LIMIT_BYTES)
      if (!rawBody) {
        this.reject('payload-too-large', request, receivedAt)
        const { status, body } = tooLargeAnswer(BODY_LIMIT_BYTES)
        return reply(response, status, body)
      }
      const opened = await this.open().catch(() => null)
      if (!opened) {
        this.reject('queue-unavailable', request, receivedAt)
        return reply(response, 503, { error: 'queue-unavailable' })
      }
      const { intake, queue } = opened
      const signature = request.headers['x-service-signature']
      const outcome = await intake.receive({
        rawBody,
        signature: typeof signature === 'string' ? signature : undefined,
        receivedAt,
      })
      this.record(outcome, request, receivedAt)
      if (outcome.kind === 'rejected')
        return reply(response, REJECTION_STATUS[outcome.reason], { error: outcome.reason })
      reply(response, 200, { ok: true, duplicate: outcome.kind === 'duplicate' })
      if (outcome.kind === 'accepted') this.announce(queue)
    } catch (error) {
      this.log.error('webhook request failed', { error })
      if (!response.headersSent) reply(response, 500, { error: 'internal' })
      else response.destroy()
    }
  }

  private record(outcome: IntakeOutcome, request: IncomingMessage, receivedAt: Date): void {
    const delivery = request.headers['x-service-delivery']
    if (outcome.kind === 'rejected') {
      this.reject(outcome.reason, request, receivedAt)
      this.log.warn('webhook refused', { reason: outcome.reason, delivery })
      return
    }
    this.lastEventAt = receivedAt.toISOString()
    if (outcome.kind === 'duplicate') this.counts.duplicates++
    else this.counts.accepted++
  }

  private reject(reason: string, request: IncomingMessage, at: Date): void {
    this.counts.rejected++
    const header = (name: string): string | null => {
      const value = request.headers[name]
      return typeof value === 'string' ? value.slice(0, 120) : null
    }
    this.rejections.unshift({
      at: at.toISOString(),
      reason,
      delivery: header('x-service-delivery'),
      event: header('x-service-event'),
    })
    this.rejections.length = Math.min(this.rejections.length, RECENT_REJECTIONS)
  }

  private announce(queue: WebhookQueue): void {
    if (this.stopped) return
    this.announceTimer ??= setTimeout(() => {
      this.announceTimer = null
      this.options.events.emit('webhooks.queued', { pending: queue.pending() })
    }, ANNOUNCE_DELAY_MS)
  }
}
