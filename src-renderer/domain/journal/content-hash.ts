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

const hex4 = (limb: number): string => limb.toString(16).padStart(4, '0')

/**
 * 64-bit FNV-1a as 16 hex digits over the text's UTF-8 bytes, computed on four 16-bit limbs
 * (small integers all the way: no BigInt, no doubles). The bytes are taken from the text as
 * TextEncoder would make them (a lone surrogate as U+FFFD) without making them: an export hashes
 * every entry.
 */
export function fnv1a64(text: string): string {
  let h0 = 0x2325
  let h1 = 0x8422
  let h2 = 0x9ce4
  let h3 = 0xcbf2
  let pending: number[] = []
  for (let i = 0; i < text.length || pending.length > 0;) {
    let byte: number
    if (pending.length > 0) byte = pending.shift()!
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
        pending = utf8(code)
        code = pending.shift()!
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
  return hex4(h3) + hex4(h2) + hex4(h1) + hex4(h0)
}

export function contentHash(value: unknown): string {
  return fnv1a64(canonicalJson(value))
}
