/**
 * A content hash that is the same on every machine and every run: a canonical JSON text (object
 * keys sorted, no whitespace) hashed with 64-bit FNV-1a over its UTF-8 bytes. It detects that an
 * exported entry changed; it is not a defence against anyone forging one.
 */

class CanonicalJsonError extends Error {
  override name = 'CanonicalJsonError'
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean')
    return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new CanonicalJsonError(`${value} has no JSON form`)
    return JSON.stringify(value)
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    const fields = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    return `{${fields.join(',')}}`
  }
  throw new CanonicalJsonError(`A ${typeof value} has no JSON form`)
}

/** The UTF-8 bytes of one code point, as TextEncoder writes them. */
function utf8(code: number): number[] {
  if (code < 0x800) return [0xc0 | (code >> 6), 0x80 | (code & 0x3f)]
  if (code < 0x10000)
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
  return [
    0xf0 | (code >> 18),
    0x80 | ((code >> 12) & 0x3f),
    0x80 | ((code >> 6) & 0x3f),
    0x80 | (code & 0x3f),
  ]
}

/** Bytes still to feed of a code point: none (never added to). */
const NO_BYTES: readonly number[] = []

const hex4 = (limb: number): string => limb.toString(16).padStart(4, '0')

/**
 * 64-bit FNV-1a over UTF-8 bytes, computed on four 16-bit limbs (small integers all the way: no
 * BigInt, no doubles), fed a piece at a time: the digest of pieces is that of their text joined,
 * so a caller can hash a text it never builds. Each piece is taken whole as TextEncoder would
 * encode it (a lone surrogate as U+FFFD), so a surrogate pair must not be split between pieces.
 */
export class Fnv1a64 {
  #h0 = 0x2325
  #h1 = 0x8422
  #h2 = 0x9ce4
  #h3 = 0xcbf2

  /** Feeds the text's UTF-8 bytes. */
  text(text: string): this {
    return this.#feed(text)
  }

  /** Feeds the text as JSON.stringify writes it, without making that text for most strings. */
  json(value: string | null): this {
    if (value === null) return this.#feed('null')
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i)
      // Outside printable ASCII, or a quote or backslash: JSON escapes or encodes it.
      if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c)
        return this.#feed(JSON.stringify(value))
    }
    return this.#feed('"').#feed(value).#feed('"')
  }

  digest(): string {
    return hex4(this.#h3) + hex4(this.#h2) + hex4(this.#h1) + hex4(this.#h0)
  }

  #feed(text: string): this {
    let h0 = this.#h0
    let h1 = this.#h1
    let h2 = this.#h2
    let h3 = this.#h3
    let pending = NO_BYTES
    for (let i = 0; i < text.length || pending.length > 0;) {
      let byte: number
      if (pending.length > 0) byte = (pending as number[]).shift()!
      else {
        let code = text.charCodeAt(i++)
        if (code >= 0x80) {
          if (code >= 0xd800 && code <= 0xdfff) {
            const next = i < text.length ? text.charCodeAt(i) : 0
            if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
              code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00)
              i++
            } else code = 0xfffd
          }
          const bytes = utf8(code)
          code = bytes.shift()!
          pending = bytes
        }
        byte = code
      }
      h0 ^= byte
      // × 0x100000001b3 = × 0x1b3 + × 2^40 (0x100 in the third limb), modulo 2^64.
      const t0 = h0 * 0x1b3
      const t1 = h1 * 0x1b3 + (t0 >>> 16)
      const t2 = h2 * 0x1b3 + h0 * 0x100 + (t1 >>> 16)
      const t3 = h3 * 0x1b3 + h1 * 0x100 + (t2 >>> 16)
      h0 = t0 & 0xffff
      h1 = t1 & 0xffff
      h2 = t2 & 0xffff
      h3 = t3 & 0xffff
    }
    this.#h0 = h0
    this.#h1 = h1
    this.#h2 = h2
    this.#h3 = h3
    return this
  }
}

/** 64-bit FNV-1a as 16 hex digits over the text's UTF-8 bytes (see `Fnv1a64`). */
export function fnv1a64(text: string): string {
  return new Fnv1a64().text(text).digest()
}

export function contentHash(value: unknown): string {
  return fnv1a64(canonicalJson(value))
}
