import { describe, expect, it } from 'vitest'
import { Secret } from '../../../../src-main/logging/secret'
import {
  verifySignature,
  type SignatureVerdict,
} from '../../../../src-main/features/webhooks/signature'
import { signWebhook } from '../../../support/sign-webhook'

const SECRET = 'whsec_KnownAnswer0123456789abcdef'
const T = 1_700_000_000

/*
 * Known answers computed outside Node, with OpenSSL:
 *   printf '%s' '1700000000.<BODY_1>' | openssl dgst -sha256 -hmac 'whsec_KnownAnswer0123456789abcdef'
 *   printf '%s' '1700000123.<BODY_2>' | openssl dgst -sha256 -hmac 'whsec_KnownAnswer0123456789abcdef'
 * (the first also checked with Python's hmac module). BODY_2 holds a multi-byte character, so the
 * HMAC must be over the raw UTF-8 bytes.
 */
const BODY_1 =
  '{"id":"evt_kat_1","event":"bill.created","install":{"store_id":"st-kat"},"data":{"bill_id":"b-1"}}'
const DIGEST_1 = '048191403c15d2302443c23ba8b3189e66eec52cdc7543f73d04e9e2091d233b'
const BODY_2 = '{"id":"evt_kat_2","data":{"name":"Kopi ☕ susu"}}'
const DIGEST_2 = '2d1bdc096db96c21409d8deda1aaa94e2aa241c0b7d40327d0100d118f363b38'

function verify(
  header: string | undefined,
  body: string,
  nowSeconds = T,
  secrets = [new Secret(SECRET)],
): SignatureVerdict {
  return verifySignature({ header, rawBody: Buffer.from(body), secrets, nowSeconds })
}

describe('webhook signature', () => {
  it('accepts the known-answer vectors computed with OpenSSL', () => {
    expect(verify(`t=${T},v1=${DIGEST_1}`, BODY_1)).toEqual({
      ok: true,
      timestamp: T,
      matchedIndex: 0,
    })
    expect(verify(`t=${T + 123},v1=${DIGEST_2}`, BODY_2).ok).toBe(true)
    expect(signWebhook(SECRET, BODY_1, T)).toBe(`t=${T},v1=${DIGEST_1}`)
  })

  it('refuses a tampered body, a changed timestamp and a wrong secret', () => {
    const header = `t=${T},v1=${DIGEST_1}`
    expect(verify(header, BODY_1.replace('b-1', 'b-2'))).toEqual({
      ok: false,
      reason: 'bad-signature',
    })
    expect(verify(header, BODY_1 + ' ')).toMatchObject({ reason: 'bad-signature' })
    expect(verify(`t=${T + 1},v1=${DIGEST_1}`, BODY_1)).toMatchObject({
      reason: 'bad-signature',
    })
    expect(verify(header, BODY_1, T, [new Secret('whsec_someoneElse0123456789')])).toMatchObject({
      reason: 'bad-signature',
    })
    // The key is the whole secret, prefix included.
    expect(verify(header, BODY_1, T, [new Secret(SECRET.slice('whsec_'.length))])).toMatchObject({
      reason: 'bad-signature',
    })
  })

  it('tells which of several connections signed it', () => {
    const secrets = [new Secret('whsec_other_one_123456'), new Secret(SECRET)]
    expect(verify(`t=${T},v1=${DIGEST_1}`, BODY_1, T, secrets)).toMatchObject({
      ok: true,
      matchedIndex: 1,
    })
  })

  it('tolerates extra pairs, spaces, upper-case hex and several v1 values', () => {
    const wrong = 'ab'.repeat(32)
    for (const header of [
      `t=${T},v1=${DIGEST_1},v0=deadbeef`,
      ` t=${T} , v1=${DIGEST_1} `,
      `v1=${wrong},t=${T},v1=${DIGEST_1.toUpperCase()}`,
      `t=${T},v1=short,v1=${DIGEST_1},scheme=x`,
    ]) {
      expect(verify(header, BODY_1), header).toMatchObject({ ok: true })
    }
    // Every v1 value is tried, not only the first.
    expect(verify(`t=${T},v1=${wrong},v1=${DIGEST_1}`, BODY_1)).toMatchObject({ ok: true })
  })

  it('calls a missing or malformed header by its name', () => {
    expect(verify(undefined, BODY_1)).toEqual({ ok: false, reason: 'missing-header' })
    expect(verify('  ', BODY_1)).toEqual({ ok: false, reason: 'missing-header' })
    for (const header of [
      `v1=${DIGEST_1}`,
      `t=${T}`,
      `t=${T},v1=`,
      `t=${T},v1=${DIGEST_1.slice(2)}`,
      `t=${T},v1=${'zz'.repeat(32)}`,
      `t=abc,v1=${DIGEST_1}`,
      `t=-5,v1=${DIGEST_1}`,
      `t=${T},t=${T},v1=${DIGEST_1}`,
      'garbage',
      `${T}.${DIGEST_1}`,
    ]) {
      expect(verify(header, BODY_1), header).toEqual({ ok: false, reason: 'malformed' })
    }
  })

  it('refuses timestamps more than 300 s away in either direction, and takes exactly 300 s', () => {
    const header = `t=${T},v1=${DIGEST_1}`
    expect(verify(header, BODY_1, T + 300)).toMatchObject({ ok: true })
    expect(verify(header, BODY_1, T - 300)).toMatchObject({ ok: true })
    expect(verify(header, BODY_1, T + 301)).toEqual({ ok: false, reason: 'stale' })
    expect(verify(header, BODY_1, T - 301)).toEqual({ ok: false, reason: 'future' })
  })
})
