/** Helpers for the demo service tests: start services (closed after the file) and call them. */

import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'
import {
  startDemoService,
  type DemoServiceHandle,
  type DemoServiceOptions,
} from '../../src-demo/index'
import { answerOf, controlAnswer, type Answer } from './demo-control'
import type { TruthExpense } from './service-truth'

/** A small fixed shop: the same data on every run. */
export const SMALL_SHOP: Partial<DemoServiceOptions> = {
  seed: 7,
  days: 3,
  locations: 2,
  billsPerSession: 12,
  currency: 'IDR',
  timezone: 'Asia/Jakarta',
  now: '2026-11-20T12:00:00Z',
}

const started: DemoServiceHandle[] = []
const receivers: Server[] = []

afterAll(async () => {
  await Promise.all(started.splice(0).map((service) => service.close()))
  await Promise.all(
    receivers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    ),
  )
})

/** Starts a demo service on a free port; it is closed after the test file. */
export async function startService(
  options: Partial<DemoServiceOptions> = {},
): Promise<DemoServiceHandle> {
  const service = await startDemoService({ ...SMALL_SHOP, ...options })
  started.push(service)
  return service
}

// The wire shapes of docs/service.md#records, as the tests read them.
export interface TaxJson {
  name: string
  rate: number
  amount: number
}
export interface LineJson {
  id: string
  variant_id: string
  name: string
  quantity: number
  unit_price: number
  total: number
  taxes: TaxJson[]
  parent_line_id?: string
}
export interface PaymentJson {
  id: string
  method: string
  amount: number
  ref?: string
  created_at: string
  register_session_id: string
  reversed_at: string | null
}
export interface BillSummaryJson {
  id: string
  number: string
  type: 'sale' | 'refund' | 'void'
  status: string
  location_id: string
  register_session_id: string
  parent_bill_id: string | null
  currency: string
  total: number
  total_tax: number
  amount_paid: number
  amount_due: number
  created_at: string
  updated_at: string
}
export interface BillJson extends BillSummaryJson {
  subtotal: number
  lines: LineJson[]
  discounts: { name: string; amount: number }[]
  fees: { name: string; amount: number; taxes: TaxJson[] }[]
  taxes: TaxJson[]
  payments: PaymentJson[]
}
export interface ExpenseJson extends TruthExpense {
  created_at: string
}
export interface ListBody<T> {
  data: T[]
  meta: { page: number; limit: number; total: number; last_page: number }
}
export interface ErrorBody {
  error: string
  error_description: string
  scope?: string
}

/** GET `path` under /apps-v1 with the service's key and store unless `headers` say otherwise. */
export async function api<T = unknown>(
  service: DemoServiceHandle,
  path: string,
  headers: Record<string, string | null> = {},
): Promise<Answer<T>> {
  const merged: Record<string, string | null> = {
    Authorization: `Bearer ${service.appKey}`,
    'X-Service-Store': service.storeId,
    ...headers,
  }
  const sent = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null),
  )
  return answerOf<T>(await fetch(`${service.url}/apps-v1${path}`, { headers: sent }))
}

/** Calls the control API with the control token (or `token`); the answer whatever its status. */
export function control<T = unknown>(
  service: DemoServiceHandle,
  method: string,
  path: string,
  body?: unknown,
  token = service.controlToken,
): Promise<Answer<T>> {
  return controlAnswer<T>(service.url, token, method, path, body)
}

/** Every item of a list, page by page, at the largest page size. */
export async function allPages<T>(service: DemoServiceHandle, path: string): Promise<T[]> {
  const items: T[] = []
  const separator = path.includes('?') ? '&' : '?'
  for (let page = 1; ; page++) {
    const answer = await api<ListBody<T>>(service, `${path}${separator}limit=200&page=${page}`)
    if (answer.status !== 200) throw new Error(`${path} page ${page}: ${answer.text}`)
    items.push(...answer.body.data)
    if (page >= answer.body.meta.last_page) return items
  }
}

export interface ReceivedWebhook {
  method: string
  headers: IncomingHttpHeaders
  raw: string
  receivedAt: number
}

/** A status with no body, a status with a JSON body, or 'hang' to never answer. */
export type Reply = number | { status: number; json: unknown } | 'hang'

/**
 * A receiver of the service's calls (webhooks, Connect) on a free port, closed after the test
 * file. `reply` decides each answer; it is given the count of requests so far, starting at 1.
 */
export async function startReceiver(
  reply: (count: number, webhook: ReceivedWebhook) => Reply = () => 200,
): Promise<{ url: string; received: ReceivedWebhook[] }> {
  const received: ReceivedWebhook[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const webhook = {
        method: req.method ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      }
      received.push(webhook)
      const answer = reply(received.length, webhook)
      if (answer === 'hang') return
      if (typeof answer === 'number') res.writeHead(answer).end()
      else {
        res
          .writeHead(answer.status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(answer.json))
      }
    })
  })
  receivers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/webhooks`, received }
}

/** Waits until `condition` holds, polling every 20 ms, for at most `timeoutMs`. */
export async function eventually(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Calls the Platform Orders API with the platform token unless `token` says otherwise. */
export async function platform<T = unknown>(
  service: DemoServiceHandle,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = service.platformToken,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token !== null) headers['Authorization'] = `Bearer ${token}`
  const response = await fetch(`${service.url}/platform-v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return answerOf<T>(response)
}

/**
 * Whether an `X-Service-Signature` header signs `raw` with `secret` (interface §5.3), computed
 * here with node:crypto, not with the service's signer; `t` is the header's timestamp.
 */
export function signatureOf(
  header: string | undefined,
  raw: string,
  secret: string,
): { t: number; valid: boolean } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '')
  if (!match) return { t: NaN, valid: false }
  const expected = createHmac('sha256', secret).update(`${match[1]}.${raw}`).digest('hex')
  return { t: Number(match[1]), valid: expected === match[2] }
}
