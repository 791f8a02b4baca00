import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contentHash, fnv1a64 } from '../../../../src-renderer/domain/journal/content-hash'

/** The textbook definition on BigInt, as a reference for the two-halves version. */
function referenceFnv(text: string): string {
  let hash = 0xcbf29ce484222325n
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte)
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn
  }
  return hash.toString(16).padStart(16, '0')
}

describe('content hash', () => {
  it('is 64-bit FNV-1a over UTF-8', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325')
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c')
    expect(fnv1a64('foobar')).toBe('85944171f73967e8')
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(fnv1a64(text)).toBe(referenceFnv(text))
      }),
    )
    // Any UTF-16 code units, lone surrogates too (TextEncoder writes each as U+FFFD).
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(fnv1a64(text)).toBe(referenceFnv(text))
      }),
    )
    expect(fnv1a64('\ud800x\udc00')).toBe(referenceFnv('\ufffdx\ufffd'))
  })

  it('does not depend on the order of object keys, and sees any change of value', () => {
    expect(contentHash({ b: 1, a: [2, { d: null, c: 'x' }] })).toBe(
      fnv1a64('{"a":[2,{"c":"x","d":null}],"b":1}'),
    )
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse())
        expect(contentHash(reversed)).toBe(contentHash(record))
      }),
    )
    expect(contentHash({ amount: 100 })).not.toBe(contentHash({ amount: -100 }))
    expect(() => contentHash({ amount: Number.NaN })).toThrow(
      expect.objectContaining({ name: 'CanonicalJsonError' }),
    )
  })
})
