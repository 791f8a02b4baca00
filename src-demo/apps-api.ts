/**
 * The Apps API (`/apps-v1`) as Till assumes it (docs/service.md#apps-api): the bearer key and the
 * store header on every call, scopes per area, list bodies with `meta`, bill summaries in lists and
 * full bills from the detail call, and the error bodies of docs/service.md#errors.
 */

import type { IncomingHttpHeaders } from 'node:http'
import {
  ApiError,
  InstallInactiveError,
  InsufficientScopeError,
  MethodNotAllowedError,
  MissingStoreError,
  NotFoundError,
  UnauthorizedError,
} from './demo-errors'
import {
  bearerToken,
  decodePathSegment,
  errorResponse,
  header,
  json,
  secretsEqual,
  type JsonResponse,
} from './http-util'
import { billRowOf } from './ids'
import { parseListQuery } from './list-query'
import { SCOPE_BILLS, SCOPE_EXPENSES } from './options'
import type { Page } from './paging'
import { BILL_FILTERS, EXPENSE_FILTERS, type Queries } from './queries'
import type { Representation } from './representation'
import type { Expense, Shop } from './shop'

export const APPS_PREFIX = '/apps-v1'

/** The merchant's install of the app. */
export interface Install {
  storeId: string
  appKey: string
  scopes: string[]
  active: boolean
}

interface Route {
  pattern: RegExp
  scope: string
  answer(params: string[], query: URLSearchParams): JsonResponse
}

const BILL_LIST = /^\/sales\/bills\/location\/([^/]+)$/

export class AppsApi {
  private readonly routes: readonly Route[]

  constructor(
    private readonly shop: Shop,
    private readonly queries: Queries,
    private readonly view: Representation,
    private readonly install: Install,
  ) {
    this.routes = [
      {
        pattern: BILL_LIST,
        scope: SCOPE_BILLS,
        answer: ([locationId], query) => this.billList(locationId as string, query),
      },
      {
        pattern: /^\/sales\/bills\/([^/]+)$/,
        scope: SCOPE_BILLS,
        answer: ([id]) => this.billDetail(id as string),
      },
      {
        pattern: /^\/expenses$/,
        scope: SCOPE_EXPENSES,
        answer: (_, query) => this.expenseList(query),
      },
    ]
  }

  /** Whether a path (below the prefix) is a bill list, where paging clients can be disturbed. */
  static isBillList(path: string): boolean {
    return BILL_LIST.test(path)
  }

  /** Answers a request for `path`, the part of the URL path after `/apps-v1`. */
  answer(
    method: string,
    path: string,
    query: URLSearchParams,
    headers: IncomingHttpHeaders,
  ): JsonResponse {
    try {
      this.authenticate(headers)
      for (const route of this.routes) {
        const match = route.pattern.exec(path)
        if (!match) continue
        if (method !== 'GET') throw new MethodNotAllowedError('GET')
        if (!this.install.scopes.includes(route.scope))
          throw new InsufficientScopeError(route.scope)
        return route.answer(match.slice(1).map(decodePathSegment), query)
      }
      throw new NotFoundError(`No endpoint ${APPS_PREFIX}${path}.`)
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error)
      throw error
    }
  }

  private authenticate(headers: IncomingHttpHeaders): void {
    if (!secretsEqual(bearerToken(headers), this.install.appKey)) throw new UnauthorizedError()
    const store = header(headers, 'x-service-store')?.trim()
    if (!store) throw new MissingStoreError()
    if (store !== this.install.storeId || !this.install.active) {
      throw new InstallInactiveError(store)
    }
  }

  private listBody(page: Page, render: (row: number) => unknown): JsonResponse {
    return json(200, { data: page.rows.map(render), meta: page.meta })
  }

  private billList(locationId: string, params: URLSearchParams): JsonResponse {
    let location: number | null = null
    if (locationId !== 'all') {
      const found = this.shop.locations.find((candidate) => candidate.id === locationId)
      if (!found) throw new NotFoundError(`No location ${locationId}.`)
      location = found.index
    }
    const query = parseListQuery(params, BILL_FILTERS, this.shop.config.zone)
    return this.listBody(this.queries.bills(location, query), (row) => this.view.billSummary(row))
  }

  private billDetail(id: string): JsonResponse {
    const row = billRowOf(id)
    if (row === null || row >= this.shop.bills.length) throw new NotFoundError(`No bill ${id}.`)
    return json(200, this.view.bill(row))
  }

  private expenseList(params: URLSearchParams): JsonResponse {
    const query = parseListQuery(params, EXPENSE_FILTERS, this.shop.config.zone)
    return this.listBody(this.queries.expenses(query), (index) =>
      this.view.expense(this.shop.expenses[index] as Expense),
    )
  }
}
