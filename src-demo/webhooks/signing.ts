/**
 * Webhook signatures as the interface document (§5.3) defines them:
 * `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by
 * the whole signing secret text (`whsec_…`, prefix included) as UTF-8.
 */

import { createHmac } from 'node:crypto'

export const SIGNATURE_HEADER = 'X-Service-Signature'

function signatureHex(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')
}

export function signatureHeader(
  secret: string,
  timestamp: number,
  rawBody: string | Buffer,
): string {
  return `t=${timestamp},v1=${signatureHex(secret, timestamp, rawBody)}`
}
