/**
 * The embedded demo service: a simulator of the POS service's Apps API and webhooks, for demo
 * mode, tests and benchmarks. Plain Node; Till's main process starts it on a free loopback
 * port. See README.md beside this file.
 */

import { resolveOptions, type DemoServiceOptions } from './options'
import type { Json } from './representation'
import { DemoServer, HOST } from './demo-server'
import { DemoService } from './service'
import { billRowOf } from './ids'
import type { DeliveryAttempt } from './webhooks/delivery'
import { demoBankTerms, type BankDeposit, type DemoBankTerms } from './bank-deposits'
import type { BankStatementFile, BankStatementFormat } from './bank-statement-files'

export type { DemoServiceOptions } from './options'

/** The simulator's truth, read in-process, in the shapes the Apps API serves. */
interface DemoShopTruth {
  billCount(): number
  /** Full bills (as `GET /sales/bills/{id}` answers), in id order. */
  bills(): IterableIterator<Json>
  bill(id: string): Json | undefined
  expenses(): Json[]
  sessions(): Json[]
  deliveries(): readonly DeliveryAttempt[]
  /** Resolves when no webhook is waiting, in flight or scheduled for retry. */
  webhooksIdle(): Promise<void>
  /** Every deposit the demo bank has booked by the simulated today, with the takings it covers. */
  bankDeposits(): BankDeposit[]
}

export interface DemoServiceHandle {
  /** Base URL, e.g. `http://127.0.0.1:4010`; the Apps API is at `${url}/apps-v1`. */
  url: string
  storeId: string
  appKey: string
  webhookSecret: string
  controlToken: string
  /** Bearer token of the Platform Orders API at `${url}/platform-v1`. */
  platformToken: string
  /** Signs the platform's webhooks and the Connect calls. */
  platformWebhookSecret: string
  /** Where webhooks are delivered; null holds them until a target is set. */
  setWebhookTarget(url: string | null): void
  /** The demo bank's statement of the shop's deposits up to the simulated today, as a file. */
  bankStatement(format: BankStatementFormat): BankStatementFile
  /** The shop's locations' names by id, which the Apps API never sends ("Harbour Street"). */
  locationNames: Readonly<Record<string, string>>
  /** The demo bank's lag and fee by payment method, as its bookkeeper would enter them. */
  bankTerms: Readonly<Record<string, DemoBankTerms>>
  close(): Promise<void>
  shop: DemoShopTruth
}

export async function startDemoService(
  options: Partial<DemoServiceOptions> = {},
): Promise<DemoServiceHandle> {
  const resolved = resolveOptions(options)
  const service = new DemoService(resolved)
  const server = new DemoServer(service)
  let port: number
  try {
    port = await server.listen(resolved.port)
  } catch (error) {
    service.close()
    throw error
  }
  const { shop, view } = service
  return {
    url: `http://${HOST}:${port}`,
    storeId: resolved.storeId,
    appKey: resolved.appKey,
    webhookSecret: resolved.webhookSecret,
    controlToken: resolved.controlToken,
    platformToken: resolved.platformToken,
    platformWebhookSecret: resolved.platformWebhookSecret,
    setWebhookTarget: (url) => service.webhooks.setTarget(url),
    bankStatement: (format) => service.bankStatement(format),
    locationNames: Object.fromEntries(
      shop.locations.map((location) => [location.id, location.name]),
    ),
    bankTerms: demoBankTerms(shop),
    close: async () => {
      service.close()
      await server.close()
    },
    shop: {
      billCount: () => shop.bills.length,
      *bills() {
        for (let row = 0; row < shop.bills.length; row++) yield view.bill(row)
      },
      bill: (id) => {
        const row = billRowOf(id)
        return row === null || row >= shop.bills.length ? undefined : view.bill(row)
      },
      expenses: () => shop.expenses.map((expense) => view.expense(expense)),
      sessions: () => shop.sessions.map((session) => view.session(session)),
      deliveries: () => service.webhooks.log(),
      webhooksIdle: () => service.webhooks.whenIdle(),
      bankDeposits: () => service.bankDeposits(),
    },
  }
}
