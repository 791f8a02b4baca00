import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { addLogSink, createLogger } from '../../../src-main/logging/logger'
import { Secret, scrubSecrets } from '../../../src-main/logging/secret'

describe('secrets in main', () => {
  it('print, serialise and inspect as redacted; only reveal() gives the value', () => {
    const secret = new Secret('sk_live_abcdef123456')
    expect(String(secret)).toBe('[redacted]')
    expect(`${secret}`).toBe('[redacted]')
    expect(JSON.stringify({ key: secret })).toBe('{"key":"[redacted]"}')
    expect(inspect({ nested: { secret } })).not.toContain('abcdef')
    expect(secret.reveal()).toBe('sk_live_abcdef123456')
    expect(secret.last4()).toBe('3456')
  })

  it('scrubs known secret values, bearer tokens and whsec_ secrets from any text', () => {
    new Secret('plainvalue-9876-known')
    const text = scrubSecrets(
      'failed with plainvalue-9876-known; header Bearer abc.def-ghi; body whsec_Zm9vYmFy; {"apiKey":"hunter22"}',
    )
    expect(text).not.toMatch(/plainvalue-9876-known|abc\.def-ghi|whsec_Zm9vYmFy|hunter22/)
    expect(text).toContain('Bearer [redacted]')
  })

  it('logger output never carries a secret, even inside an error message from a library', () => {
    const lines: string[] = []
    const remove = addLogSink((line) => lines.push(line))
    const secret = new Secret('tk_9f8e7d6c5b4a')
    const log = createLogger('test').child('redaction')
    log.error('request failed', {
      error: new Error(`401 for key ${secret.reveal()}`),
      secret,
      header: `Bearer ${secret.reveal()}`,
    })
    remove()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('[test:redaction] request failed')
    expect(lines[0]).not.toContain('tk_9f8e7d6c5b4a')
  })
})
