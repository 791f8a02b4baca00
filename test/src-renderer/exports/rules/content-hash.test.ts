import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Fnv1a64, contentHash, fnv1a64 } from '../../../../src-renderer/exports/rules/content-hash'

/** The textbook definition on BigInt, as a reference for the two-halves version. */
function referenceFnv(text: string): string {
  let hash = 0xcbf29ce484222325n
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte)
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn
  }
  return hash.toString(16).padStart(16, '0')
}

/** The reference over the UTF-8 bytes of each piece on its own, one after another. */
function referenceFnvOfPieces(pieces: readonly string[]): string {
  let hash = 0xcbf29ce484222325n
  for (const piece of pieces)
    for (const byte of new TextEncoder().encode(piece)) {
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

  it('digests texts and JSON strings fed a piece at a time as their whole text', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
    )
    fc.assert(
      fc.property(
        fc.array(fc.record({ asJson: fc.boolean(), text: fc.option(piece) }), { maxLength: 6 }),
        (pieces) => {
          const hash = new Fnv1a64()
          let whole = ''
          for (const { asJson, text } of pieces) {
            if (asJson) hash.json(text)
            else hash.text(text ?? '')
            whole += asJson ? JSON.stringify(text) : (text ?? '')
          }
          // A lone surrogate at the end of one piece stays lone: compare with the pieces' bytes.
          const bytes = pieces.map(({ asJson, text }) =>
            asJson ? JSON.stringify(text) : (text ?? ''),
          )
          const reference = referenceFnvOfPieces(bytes)
          expect(hash.digest()).toBe(reference)
          if (!/[\ud800-\udfff]/.test(whole)) expect(hash.digest()).toBe(fnv1a64(whole))
        },
      ),
    )
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
