/**
 * One demo service: the generated shop and everything around it (clock, trading, the install,
 * webhook delivery, faults, live mode), wired so that every shop event becomes a webhook.
 */

import { AppsApi, type Install } from './apps-api'
import { bankDeposits, type BankDeposit } from './bank-deposits'
import {
  bankStatementFile,
  type BankStatementFile,
  type BankStatementFormat,
} from './bank-statement-files'
import { SimClock } from './clock'
import { ConflictError } from './demo-errors'
import { FaultInjector } from './faults'
import { generateShop } from './generator'
import { LiveMode } from './live'
import type { ResolvedOptions } from './options'
import { Queries } from './queries'
import { Representation } from './representation'
import { rngFor, Stream } from './rng'
import { Platform } from './ordering-platform/platform'
import type { Shop } from './shop'
import { formatLocalDate } from './time-zone'
import { Trader } from './trader'
import { WebhookDispatcher } from './webhooks/delivery'
import { buildEnvelope, type Company } from './webhooks/envelope'

export class DemoService {
  readonly shop: Shop
  readonly clock: SimClock
  readonly trader: Trader
  readonly view: Representation
  readonly queries: Queries
  readonly install: Install
  readonly faults: FaultInjector
  readonly webhooks: WebhookDispatcher
  readonly live: LiveMode
  readonly apps: AppsApi
  readonly company: Company
  readonly platform: Platform
  /** Errors of background work (live trading), kept for the control API's state. */
  readonly backgroundErrors: string[] = []

  constructor(readonly options: ResolvedOptions) {
    this.shop = generateShop(options)
    this.clock = new SimClock(options.startAt)
    this.trader = new Trader(this.shop, this.clock, rngFor(options.seed, Stream.trading))
    this.view = new Representation(this.shop)
    this.queries = new Queries(this.shop)
    this.install = {
      storeId: options.storeId,
      appKey: options.appKey,
      scopes: [...options.scopes],
      active: true,
    }
    this.company = {
      id: `company-${options.storeId}`,
      name: options.companyName,
      currency: this.shop.config.currency.code,
      timezone: this.shop.config.zone.zone,
    }
    this.faults = new FaultInjector(options.faultSeed)
    const deliverySettings = {
      secret: options.webhookSecret,
      timeoutMs: options.webhookTimeoutMs,
      retryBaseMs: options.webhookRetryBaseMs,
      maxAttempts: options.webhookMaxAttempts,
      duplicateRate: options.webhookDuplicateRate,
      seed: options.seed,
    }
    this.webhooks = new WebhookDispatcher(deliverySettings)
    this.webhooks.setTarget(options.webhookUrl)
    this.apps = new AppsApi(this.shop, this.queries, this.view, this.install)
    const recordError = (error: unknown): void => {
      this.backgroundErrors.push(String(error))
      if (this.backgroundErrors.length > 100) this.backgroundErrors.shift()
    }
    this.live = new LiveMode(this.trader, options.livePace, recordError)
    this.platform = new Platform(
      {
        token: options.platformToken,
        delivery: { ...deliverySettings, secret: options.platformWebhookSecret },
        webhookUrl: options.platformWebhookUrl,
        orders: { decision: options.orderDecision, decisionDelayMs: options.orderDecisionDelayMs },
      },
      this.shop,
      this.trader,
      this.clock,
      this.company,
      options.storeId,
      recordError,
    )
    this.shop.onEvent((event) => this.publish(event.type, this.view.eventData(event), event.at))
    if (options.live) this.live.start()
  }

  /** Sends an event to the app; shop events are not sent while the app is uninstalled. */
  private publish(event: string, data: Record<string, unknown>, at: number): void {
    if (!this.install.active && !event.startsWith('app.')) return
    const createdAt = this.shop.config.zone.formatIso(at)
    this.webhooks.send(buildEnvelope(event, data, createdAt, this.company, this.install.storeId))
  }

  uninstall(): void {
    if (!this.install.active) throw new ConflictError('The app is not installed.')
    this.install.active = false
    this.publish('app.uninstalled', {}, this.clock.now())
  }

  /** Installs the app again (app.installed) or, when installed, reauthorizes it (app.reauthorized). */
  authorize(scopes: readonly string[] | undefined, reauthorize: boolean): void {
    if (this.install.active !== reauthorize) {
      throw new ConflictError(
        reauthorize ? 'The app is not installed.' : 'The app is already installed.',
      )
    }
    if (scopes) this.install.scopes = [...scopes]
    this.install.active = true
    this.publish(
      reauthorize ? 'app.reauthorized' : 'app.installed',
      { scopes: [...this.install.scopes] },
      this.clock.now(),
    )
  }

  /** The simulated today, in the merchant's zone: the last day a bank statement covers. */
  private today(): string {
    return formatLocalDate(this.shop.config.zone.localDate(this.clock.now()))
  }

  bankDeposits(): BankDeposit[] {
    return bankDeposits(this.shop, this.today())
  }

  bankStatement(format: BankStatementFormat): BankStatementFile {
    return bankStatementFile(this.shop, this.today(), format)
  }

  close(): void {
    this.live.stop()
    this.platform.close()
    this.webhooks.close()
  }
}
