/**
 * Bad weather for webhooks during the soak: every so often the receiver becomes unreachable for
 * the service (its deliveries fail and are retried later), and now and then a delivery signed
 * with the wrong secret arrives, which the receiver must refuse. Runs in the Playwright worker.
 */
import { createServer } from 'node:net'
import { signWebhook, webhookBody } from '../support/sign-webhook'
import type { DemoControl } from '../support/demo-control'

export interface WeatherCadence {
  outageEveryMs: number
  outageMs: number
  forgeryEveryMs: number
}

/** A loopback address nothing listens on: the receiver, as the service sees it during an outage. */
async function unreachableUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}/webhooks`
}

/** A delivery signed with the wrong secret; answers the receiver's status code. */
async function forge(receiverUrl: string, storeId: string): Promise<number> {
  const body = webhookBody(storeId, 'bill.created', { bill_id: '1000000001', location_id: '101' })
  const response = await fetch(receiverUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Service-Event': 'bill.created',
      'X-Service-Delivery': `forged-${Date.now()}`,
      'X-Service-Signature': signWebhook('whsec_not_the_shops_secret', body),
    },
    body,
  })
  return response.status
}

export class WebhookWeather {
  outages = 0
  forged = 0
  /** Forgeries the receiver accepted (answered 2xx): must stay 0. */
  forgedAccepted = 0
  private outageEnds: number | null = null
  private nextOutage: number
  private nextForgery: number

  private constructor(
    private readonly control: DemoControl,
    private readonly receiverUrl: string,
    private readonly deadUrl: string,
    private readonly storeId: string,
    private readonly cadence: WeatherCadence,
    start: number,
  ) {
    this.nextOutage = start + cadence.outageEveryMs / 2
    this.nextForgery = start + 5_000
  }

  static async begin(
    control: DemoControl,
    receiverUrl: string,
    storeId: string,
    cadence: WeatherCadence,
    start: number,
  ): Promise<WebhookWeather> {
    return new WebhookWeather(control, receiverUrl, await unreachableUrl(), storeId, cadence, start)
  }

  /** Starts or ends an outage, and forges a delivery, when each is due. */
  async tick(now: number): Promise<void> {
    if (this.outageEnds === null && now >= this.nextOutage) {
      await this.control('PUT', '/webhook', { url: this.deadUrl })
      this.outageEnds = now + this.cadence.outageMs
      this.outages++
    } else if (this.outageEnds !== null && now >= this.outageEnds) {
      await this.clear()
      this.nextOutage += this.cadence.outageEveryMs
    }
    if (now >= this.nextForgery) {
      if ((await forge(this.receiverUrl, this.storeId)) < 400) this.forgedAccepted++
      this.forged++
      this.nextForgery += this.cadence.forgeryEveryMs
    }
  }

  /** The service delivers to the receiver again. */
  async clear(): Promise<void> {
    await this.control('PUT', '/webhook', { url: this.receiverUrl })
    this.outageEnds = null
  }
}
