import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Secret } from '../../logging/secret'

/** The service signs `${t}.${rawBody}`; a `t` further than this from now is refused. */
const SIGNATURE_TOLERANCE_SECONDS = 300

const SHA256_HEX = /^[0-9a-f]{64}$/i

interface ParsedSignature {
  timestamp: number
  /** Every well-formed `v1` digest in the header; any one of them may match. */
  digests: Buffer[]
}

export type SignatureFailure = 'missing-header' | 'malformed' | 'stale' | 'future' | 'bad-signature'

export type SignatureVerdict =
  { ok: true; timestamp: number; matchedIndex: number } | { ok: false; reason: SignatureFailure }

/**
 * Parses `t=<unix>,v1=<hex>[,v1=<hex>…]`. Unknown pairs (a future `v2`, say) are ignored; a
 * missing or repeated `t`, or no well-formed `v1`, makes the header malformed.
 */
function parseSignatureHeader(header: string): ParsedSignature | null {
  let timestamp: number | null = null
  const digests: Buffer[] = []
  for (const pair of header.split(',')) {
    const separator = pair.indexOf('=')
    if (separator < 0) continue
    const key = pair.slice(0, separator).trim()
    const value = pair.slice(separator + 1).trim()
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null
      timestamp = Number(value)
    } else if (key === 'v1' && SHA256_HEX.test(value)) {
      digests.push(Buffer.from(value, 'hex'))
    }
  }
  return timestamp === null || digests.length === 0 ? null : { timestamp, digests }
}

function signatureDigest(secret: Secret, timestamp: number, rawBody: Buffer): Buffer {
  return createHmac('sha256', secret.reveal()).update(`${timestamp}.`).update(rawBody).digest()
}

function matchesAny(expected: Buffer, digests: readonly Buffer[]): boolean {
  let matched = false
  // Every digest is compared, so the time taken does not say which one (if any) matched.
  for (const digest of digests) {
    if (digest.length === expected.length && timingSafeEqual(digest, expected)) matched = true
  }
  return matched
}

/**
 * Checks a delivery against the signing secrets of the connections it may belong to. The
 * timestamp is checked first: a stale or future request is refused without any HMAC work.
 */
export function verifySignature(input: {
  header: string | undefined
  rawBody: Buffer
  secrets: readonly Secret[]
  nowSeconds: number
}): SignatureVerdict {
  if (input.header === undefined || input.header.trim() === '')
    return { ok: false, reason: 'missing-header' }
  const parsed = parseSignatureHeader(input.header)
  if (!parsed) return { ok: false, reason: 'malformed' }
  const skew = input.nowSeconds - parsed.timestamp
  if (skew > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' }
  if (skew < -SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'future' }
  const matchedIndex = input.secrets.findIndex((secret) =>
    matchesAny(signatureDigest(secret, parsed.timestamp, input.rawBody), parsed.digests),
  )
  return matchedIndex < 0
    ? { ok: false, reason: 'bad-signature' }
    : { ok: true, timestamp: parsed.timestamp, matchedIndex }
}
