/**
 * The control API (`/_control`), for tests and demos: move the clock, make the shop trade,
 * change bills and expenses, close sessions, uninstall and reinstall the app, switch faults,
 * point webhooks somewhere, read the delivery log and the truth. It takes its own bearer token;
 * the app key does not open it.
 */

import { createHash } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { Location } from './catalogue'
import { InvalidRequestError, NotFoundError, UnauthorizedError } from './demo-errors'
import { bearerToken, failureResponse, json, secretsEqual, type JsonResponse } from './http-util'
import { BANK_STATEMENT_FORMATS, type BankStatementFormat } from './bank-statement-files'
import { billId, billRowOf, expenseIndexOf, parsePaymentId, sessionIndexOf } from './ids'
import { PAYMENT_METHODS, paymentRef, type CounterMethod } from './payments'
import { platformControlRoutes } from './ordering-platform/platform-control'
import { field, isBoolean, isCount, isObject, isString, type Body } from './request-fields'
import { findRoute, route, type ControlAnswer, type Route } from './routes'
import { rngFor, Stream } from './rng'
import type { DemoService } from './service'
import type { Expense, ExpenseFields, Session } from './shop'

export const CONTROL_PREFIX = '/_control'

const MAX_TRADE = 10_000

const isMethod = (value: unknown): value is CounterMethod =>
  (PAYMENT_METHODS as readonly unknown[]).includes(value)
const isScopes = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((scope) => typeof scope === 'string')
const isAmount = (value: unknown): value is number | string =>
  typeof value === 'number' || typeof value === 'string'
const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string'

function sha256(lines: Iterable<string>): string {
  const hash = createHash('sha256')
  for (const line of lines) hash.update(`${line}\n`)
  return hash.digest('hex')
}

export class ControlApi {
  private readonly routes: readonly Route<ControlAnswer>[]
  /** Chooses refs for payments added without one. */
  private readonly rng

  constructor(private readonly service: DemoService) {
    this.rng = rngFor(service.options.seed, Stream.trading, 1)
    this.routes = [
      route('GET', '/state', () => json(200, this.state())),
      route('POST', '/clock/advance', (_, body) => this.advanceClock(body)),
      route('POST', '/sales', (_, body) => this.trade(body)),
      route('POST', '/bills/:id/payments', ([id], body) => this.addPayment(id, body)),
      route('POST', '/bills/:id/refund', ([id], body) => this.refund(id, body)),
      route('POST', '/bills/:id/void', ([id]) => this.voidBill(id)),
      route('POST', '/payments/:id/reverse', ([id]) => this.reversePayment(id)),
      route('POST', '/expenses', (_, body) => this.createExpense(body)),
      route('PATCH', '/expenses/:id', ([id], body) => this.updateExpense(id, body)),
      route('GET', '/sessions', () => this.sessions()),
      route('POST', '/sessions/:id/close', ([id], body) => this.closeSession(id, body)),
      route('POST', '/install/uninstall', () => this.changeInstall('uninstall', {})),
      route('POST', '/install/install', (_, body) => this.changeInstall('install', body)),
      route('POST', '/install/reauthorize', (_, body) => this.changeInstall('reauthorize', body)),
      route('GET', '/faults', () => json(200, service.faults.state())),
      route('PUT', '/faults', (_, body) => this.configureFaults(body)),
      route('DELETE', '/faults', () => this.clearFaults()),
      route('PUT', '/webhook', (_, body) => this.setWebhook(body)),
      route('GET', '/deliveries', () => json(200, { data: service.webhooks.log() })),
      route('PUT', '/live', (_, body) => this.setLive(body)),
      route('GET', '/truth', () => this.truth()),
      route('GET', '/truth/bills', () => this.truthBills()),
      route('GET', '/bank-statement/:format', ([format]) => this.bankStatement(format)),
      ...platformControlRoutes(service.platform),
    ]
  }

  /** Answers a request for `path`, the part of the URL path after `/_control`. */
  async answer(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    readBody: () => Promise<unknown>,
  ): Promise<JsonResponse> {
    try {
      if (!secretsEqual(bearerToken(headers), this.service.options.controlToken)) {
        throw new UnauthorizedError('The control token is missing or not valid.')
      }
      const { route, params } = findRoute(this.routes, method, path, `No control endpoint ${path}.`)
      const body = await readBody()
      if (!isObject(body)) {
        throw new InvalidRequestError('The request body must be a JSON object.')
      }
      return await route.answer(params, body)
    } catch (error) {
      return failureResponse(error)
    }
  }

  // ── lookups ──────────────────────────────────────────────────────────────

  private billRow(id: string | undefined): number {
    const row = billRowOf(id ?? '')
    if (row === null || row >= this.service.shop.bills.length) {
      throw new NotFoundError(`No bill ${id}.`)
    }
    return row
  }

  private location(id: string | undefined): Location {
    const location = this.service.shop.locations.find((candidate) => candidate.id === id)
    if (!location) throw new NotFoundError(`No location ${id}.`)
    return location
  }

  private session(id: string | undefined): Session {
    const index = sessionIndexOf(id ?? '')
    const session = index === null ? undefined : this.service.shop.sessions[index]
    if (!session) throw new NotFoundError(`No register session ${id}.`)
    return session
  }

  private expense(id: string | undefined): Expense {
    const index = expenseIndexOf(id ?? '')
    const expense = index === null ? undefined : this.service.shop.expenses[index]
    if (!expense) throw new NotFoundError(`No expense ${id}.`)
    return expense
  }

  private minor(body: Body, key: string): number | undefined {
    const value = field(body, key, isAmount, 'an amount in major units')
    if (value === undefined) return undefined
    const minor = this.service.shop.config.currency.toMinor(value)
    if (minor === null || minor < 0) {
      throw new InvalidRequestError(
        `"${key}" is not an amount in ${this.service.shop.config.currency.code}.`,
      )
    }
    return minor
  }

  // ── handlers ─────────────────────────────────────────────────────────────

  private bankStatement(format: string | undefined): JsonResponse {
    const known = (BANK_STATEMENT_FORMATS as readonly unknown[]).includes(format)
    if (!known)
      throw new NotFoundError(
        `No bank statement format ${format}: ${BANK_STATEMENT_FORMATS.join(', ')}.`,
      )
    return json(200, { data: this.service.bankStatement(format as BankStatementFormat) })
  }

  private state(): Record<string, unknown> {
    const { service } = this
    const now = service.clock.now()
    return {
      clock: service.shop.config.zone.formatIso(now),
      clock_unix: now,
      store_id: service.install.storeId,
      install: { active: service.install.active, scopes: service.install.scopes },
      company: service.company,
      locations: service.shop.locations.map((location) => ({
        id: location.id,
        name: location.name,
      })),
      counts: {
        bills: service.shop.bills.length,
        sessions: service.shop.sessions.length,
        expenses: service.shop.expenses.length,
      },
      live: { running: service.live.running, events_per_minute: service.live.eventsPerMinute },
      webhook: { pending: service.webhooks.pending() },
      background_errors: service.backgroundErrors,
    }
  }

  private advanceClock(body: Body): JsonResponse {
    const seconds = field(body, 'seconds', isCount, 'a whole number of seconds from 0')
    if (seconds === undefined) throw new InvalidRequestError('"seconds" is required.')
    const now = this.service.clock.advance(seconds)
    return json(200, { clock: this.service.shop.config.zone.formatIso(now), clock_unix: now })
  }

  private trade(body: Body): JsonResponse {
    const count = field(body, 'count', isCount, 'a whole number') ?? 1
    if (count < 1 || count > MAX_TRADE) {
      throw new InvalidRequestError(`"count" must be from 1 to ${MAX_TRADE}.`)
    }
    const locationId = field(body, 'location_id', isString, 'a location id')
    const location = locationId === undefined ? undefined : this.location(locationId)
    const rows = this.service.trader.sell(count, location)
    return json(201, { data: rows.map((row) => this.service.view.billSummary(row)) })
  }

  private addPayment(id: string | undefined, body: Body): JsonResponse {
    const row = this.billRow(id)
    const amount = this.minor(body, 'amount')
    const method = field(body, 'method', isMethod, `one of ${PAYMENT_METHODS.join(', ')}`)
    const { trader, view } = this.service
    const tender =
      amount === undefined && method === undefined
        ? undefined
        : {
            method: method ?? 'cash',
            amount: amount ?? this.service.shop.amountDue(row),
            ref: paymentRef(this.rng, method ?? 'cash'),
          }
    const payment = trader.pay(row, tender)
    return json(201, { payment: view.payment(row, payment), bill: view.bill(row) })
  }

  private reversePayment(id: string | undefined): JsonResponse {
    const parsed = parsePaymentId(id ?? '')
    if (!parsed || parsed.row >= this.service.shop.bills.length) {
      throw new NotFoundError(`No payment ${id}.`)
    }
    const payment = this.service.trader.reverse(parsed.row, parsed.seq)
    const { view } = this.service
    return json(200, { payment: view.payment(parsed.row, payment), bill: view.bill(parsed.row) })
  }

  private refund(id: string | undefined, body: Body): JsonResponse {
    const row = this.billRow(id)
    const lines = body['lines']
    let quantities: Map<string, number> | undefined
    if (lines !== undefined) {
      if (!Array.isArray(lines)) throw new InvalidRequestError('"lines" must be a list.')
      quantities = new Map()
      for (const line of lines as unknown[]) {
        const entry = (typeof line === 'object' && line !== null ? line : {}) as Body
        const lineId = field(entry, 'line_id', isString, 'a line id')
        const quantity = field(entry, 'quantity', isCount, 'a whole number')
        if (lineId === undefined || quantity === undefined) {
          throw new InvalidRequestError('Each of "lines" needs "line_id" and "quantity".')
        }
        quantities.set(lineId, (quantities.get(lineId) ?? 0) + quantity)
      }
    }
    const refund = this.service.trader.refund(row, quantities)
    return json(201, { bill: this.service.view.bill(refund), parent: this.service.view.bill(row) })
  }

  private voidBill(id: string | undefined): JsonResponse {
    const row = this.billRow(id)
    const voided = this.service.trader.voidBill(row)
    return json(201, { bill: this.service.view.bill(voided), parent: this.service.view.bill(row) })
  }

  private expenseFields(body: Body): Partial<ExpenseFields> {
    const fields: Partial<ExpenseFields> = {
      category: field(body, 'category', isString, 'text'),
      description: field(body, 'description', isString, 'text'),
      supplier: field(body, 'supplier', isNullableString, 'text or null'),
      amount: this.minor(body, 'amount'),
      taxAmount: this.minor(body, 'tax_amount'),
      paymentMethod: field(
        body,
        'payment_method',
        isMethod,
        `one of ${PAYMENT_METHODS.join(', ')}`,
      ),
    }
    return Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    ) as Partial<ExpenseFields>
  }

  private createExpense(body: Body): JsonResponse {
    const locationId = field(body, 'location_id', isString, 'a location id')
    const location =
      locationId === undefined ? this.service.shop.locations[0] : this.location(locationId)
    const inSession = field(body, 'in_session', isBoolean, 'true or false') ?? true
    const fields = this.expenseFields(body)
    if (fields.amount !== undefined && fields.taxAmount === undefined) fields.taxAmount = 0
    const expense = this.service.trader.spend(location as Location, inSession, fields)
    return json(201, this.service.view.expense(expense))
  }

  private updateExpense(id: string | undefined, body: Body): JsonResponse {
    const expense = this.expense(id)
    const changes = this.expenseFields(body)
    const updated = this.service.trader.correctExpense(
      expense,
      Object.keys(changes).length > 0 ? changes : undefined,
    )
    return json(200, this.service.view.expense(updated))
  }

  private sessions(): JsonResponse {
    const { shop, view } = this.service
    return json(200, { data: shop.sessions.map((session) => view.session(session)) })
  }

  private closeSession(id: string | undefined, body: Body): JsonResponse {
    const session = this.session(id)
    const reopen = field(body, 'reopen', isBoolean, 'true or false') ?? false
    const opened = this.service.trader.closeSession(session, reopen)
    const { view } = this.service
    return json(200, { closed: view.session(session), opened: opened && view.session(opened) })
  }

  private changeInstall(change: 'uninstall' | 'install' | 'reauthorize', body: Body): JsonResponse {
    const scopes = field(body, 'scopes', isScopes, 'a list of scope names')
    if (change === 'uninstall') this.service.uninstall()
    else this.service.authorize(scopes, change === 'reauthorize')
    return json(200, { install: this.state()['install'] })
  }

  private configureFaults(body: Body): JsonResponse {
    this.service.faults.configure(body)
    return json(200, this.service.faults.state())
  }

  private clearFaults(): JsonResponse {
    this.service.faults.clear()
    return json(200, this.service.faults.state())
  }

  private setWebhook(body: Body): JsonResponse {
    const url = body['url']
    if (url !== null && !(typeof url === 'string' && /^https?:\/\//.test(url))) {
      throw new InvalidRequestError('"url" must be an http(s) URL or null.')
    }
    this.service.webhooks.setTarget(url)
    return json(200, { url })
  }

  private setLive(body: Body): JsonResponse {
    const on = field(body, 'on', isBoolean, 'true or false')
    if (on === undefined) throw new InvalidRequestError('"on" is required.')
    const pace = body['events_per_minute']
    if (pace !== undefined && !(typeof pace === 'number' && pace > 0 && pace <= 6000)) {
      throw new InvalidRequestError('"events_per_minute" must be a number from 0 to 6000.')
    }
    const { live } = this.service
    if (on) live.start(pace as number | undefined)
    else live.stop()
    return json(200, { running: live.running, events_per_minute: live.eventsPerMinute })
  }

  private *billTruth(): Generator<{ id: string; updated_at: string }> {
    const { shop } = this.service
    for (let row = 0; row < shop.bills.length; row++) {
      yield {
        id: billId(row),
        updated_at: shop.config.zone.formatIso(shop.bills.updatedAt[row] as number),
      }
    }
  }

  private *billTruthLines(): Generator<string> {
    for (const bill of this.billTruth()) yield `${bill.id}\t${bill.updated_at}`
  }

  private truth(): JsonResponse {
    const { shop, view } = this.service
    return json(200, {
      bills: shop.bills.length,
      sessions: shop.sessions.length,
      expenses: shop.expenses.length,
      bills_sha256: sha256(this.billTruthLines()),
      expenses_sha256: sha256(
        shop.expenses.map((expense) => JSON.stringify(view.expense(expense))),
      ),
    })
  }

  private truthBills(): JsonResponse {
    return json(200, { data: [...this.billTruth()] })
  }
}
