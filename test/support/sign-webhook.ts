import { createHmac } from 'node:crypto'
import { request, Agent } from 'node:http'

/**
 * Signs a webhook body the way the service does (docs/service.md#receiving): HMAC-SHA256 over
 * `${t}.${body}` keyed by the whole `whsec_` secret. Written apart from the receiver and the demo
 * service, so a mistake shared by both cannot pass unnoticed.
 */
export function signWebhook(
  secret: string,
  body: string | Buffer,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const mac = createHmac('sha256', secret)
  mac.update(Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(body)]))
  return `t=${timestamp},v1=${mac.digest('hex')}`
}

let counter = 0

/** An envelope as docs/service.md#receiving describes it; each call gets a fresh envelope id. */
export function webhookBody(
  storeId: string,
  event = 'bill.created',
  data: Record<string, unknown> = { bill_id: 'b-1', location_id: 'loc-1' },
  id = `evt_${process.pid}_${++counter}`,
): string {
  return JSON.stringify({
    id,
    event,
    created_at: new Date().toISOString(),
    company: { id: 'co-1', name: 'Warung Test', currency: 'IDR', timezone: 'Asia/Jakarta' },
    install: { store_id: storeId },
    data,
  })
}

export interface PostedWebhook {
  status: number
  body: string
  /** From sending the request to the end of the answer. */
  ms: number
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 })

export function postWebhook(
  url: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<PostedWebhook> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Posts a body signed with `secret`, with the headers the service sends. */
export function postSigned(
  url: string,
  secret: string,
  body: string,
  timestamp?: number,
): Promise<PostedWebhook> {
  const envelope = JSON.parse(body) as { id: string; event: string }
  return postWebhook(url, body, {
    'content-type': 'application/json',
    'x-service-event': envelope.event,
    'x-service-delivery': `dlv_${++counter}`,
    'x-service-signature': signWebhook(secret, body, timestamp),
  })
}
