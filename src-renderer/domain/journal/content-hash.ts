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

const encoder = new TextEncoder()

/** 64-bit FNV-1a as 16 hex digits, computed on two 32-bit halves (no BigInt on the hot path). */
export function fnv1a64(text: string): string {
  let high = 0xcbf29ce4
  let low = 0x84222325
  for (const byte of encoder.encode(text)) {
    low = (low ^ byte) >>> 0
    // × 0x100000001b3 = × 2^40 + × 0x1b3, modulo 2^64.
    const lowProduct = low * 0x1b3
    const carry = Math.floor(lowProduct / 0x100000000)
    high = (Math.imul(high, 0x1b3) + (low << 8) + carry) >>> 0
    low = lowProduct >>> 0
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0')
}

export function contentHash(value: unknown): string {
  return fnv1a64(canonicalJson(value))
}
