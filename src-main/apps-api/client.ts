import type { z } from 'zod'
import type { Bill, Expense, QuarantinedRecord } from '../../src-shared/domain/records'
import { NetworkError, NotFoundError, ServiceError, TillError } from '../till-errors'
import type { Logger } from '../logging/logger'
import type { ServiceConnection } from './connection'
import { billSchema } from './records/bill-schema'
import { expenseSchema } from './records/expense-schema'
import {
  MalformedListError,
  parseListPage,
  readRecord,
  type PageInfo,
  type PlainReading,
} from './records/list-page'
import { readPlainBill } from './records/plain-bill'
import { AnswerTooLargeError, type HttpGet } from './http-get'
import { getOnce, parseJsonAnswer } from './request'
import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter, type RetryPolicy } from './retry'
import { serviceErrorFor } from './service-errors'

export type ListQuery = Record<string, string | number>

export interface ClientOptions {
  httpGet: HttpGet
  log: Logger
  retry?: RetryPolicy
  timeoutMs?: number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  now?: () => number
}

export interface ListResult<T> {
  records: T[]
  quarantined: QuarantinedRecord[]
  page: PageInfo
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The Apps API client: auth headers on every call, timeouts, retries with backoff and full jitter
 * on network errors, 5xx and 429 (Retry-After honoured up to a cap), tolerant validation with
 * per-record quarantine. Gives up with a named error the UI can explain.
 */
export class AppsApiClient {
  private readonly retry: RetryPolicy
  private readonly sleep: (ms: number) => Promise<void>
  private readonly random: () => number
  private readonly now: () => number

  constructor(
    private readonly connection: ServiceConnection,
    private readonly options: ClientOptions,
  ) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY
    this.sleep = options.sleep ?? wait
    this.random = options.random ?? Math.random
    this.now = options.now ?? Date.now
  }

  async get(path: string, query: ListQuery = {}): Promise<unknown> {
    let lastError: TillError | null = null
    for (let attempt = 0; attempt < this.retry.maxAttempts; attempt++) {
      if (attempt > 0) {
        const delay = this.delayAfter(lastError, attempt)
        if (delay === null) break
        await this.sleep(delay)
      }
      try {
        const answer = await getOnce(
          this.connection,
          path,
          query,
          this.options.httpGet,
          this.options.timeoutMs ?? 20_000,
        )
        if (answer.status === 429 || answer.status >= 500) {
          lastError = Object.assign(serviceErrorFor(answer.status, answer.text), {
            retryAfterMs: parseRetryAfter(answer.retryAfter, this.now()),
          })
          continue
        }
        return parseJsonAnswer(answer)
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error
        lastError = error
      }
      this.options.log.debug('retrying', { path, attempt: attempt + 1, reason: lastError?.message })
    }
    throw lastError ?? new ServiceError('The service did not answer.')
  }

  private delayAfter(error: TillError | null, attempt: number): number | null {
    const retryAfter = (error as { retryAfterMs?: number | null } | null)?.retryAfterMs
    if (retryAfter !== undefined && retryAfter !== null)
      return retryAfter > this.retry.maxRetryAfterMs ? null : retryAfter
    return backoffDelay(attempt, this.retry, this.random)
  }

  private async list<T>(
    path: string,
    query: ListQuery,
    schema: z.ZodType<T>,
    kind: QuarantinedRecord['kind'],
    plain?: PlainReading<T>,
  ): Promise<ListResult<T>> {
    const body = await this.get(path, query)
    try {
      return parseListPage(
        body,
        schema,
        kind,
        {
          page: Number(query.page ?? 1),
          limit: Number(query.limit ?? 20),
        },
        plain,
      )
    } catch (error) {
      if (error instanceof MalformedListError)
        throw new ServiceError('The service sent a list Till cannot read.', [error.message])
      throw error
    }
  }

  listBills(
    query: ListQuery,
    currency: string | null,
    locationId?: string,
  ): Promise<ListResult<Bill>> {
    const path = locationId
      ? `/sales/bills/location/${encodeURIComponent(locationId)}`
      : '/sales/bills/location/all'
    return this.list(path, query, billSchema(currency), 'bill', (raw) =>
      readPlainBill(raw, currency),
    )
  }

  listExpenses(query: ListQuery, currency: string | null): Promise<ListResult<Expense>> {
    return this.list('/expenses', query, expenseSchema(currency), 'expense')
  }

  /** One full bill; null when the service no longer has it (404). */
  async getBill(
    id: string,
    currency: string | null,
  ): Promise<{ bill: Bill } | { quarantined: QuarantinedRecord } | null> {
    let body: unknown
    try {
      body = await this.get(`/sales/bills/${encodeURIComponent(id)}`)
    } catch (error) {
      if (error instanceof NotFoundError) return null
      if (error instanceof AnswerTooLargeError)
        return { quarantined: { kind: 'bill', id, reason: error.message, raw: null } }
      throw error
    }
    // A detail answer may come bare or wrapped in `data`.
    const raw =
      body && typeof body === 'object' && 'data' in body && !('id' in body)
        ? (body as { data: unknown }).data
        : body
    const read = readRecord(raw, billSchema(currency), 'bill', id, (plain) =>
      readPlainBill(plain, currency),
    )
    return 'record' in read ? { bill: read.record } : read
  }
}
