/**
 * The posting hash version 8 computes again for each logged entry and posting state, frozen:
 * copied on 2026-12-07 from `postingHash` (exports/rules/export-log.ts) and the content hash it
 * takes, `contentHash` (exports/rules/content-hash.ts: a canonical JSON text hashed with 64-bit
 * FNV-1a). The live function hashes the usual entry straight from its fields, a shortcut to the
 * same digest; this copy takes the general way alone, which every entry's shape goes through. The
 * live hash covers what is exported from now on and may change; the upgrade keeps computing the
 * hash it computed when it was made.
 */

/** The fields of a logged entry the hash covers. */
export interface HashedEntry {
  id: string
  date: string
  currency: string
  payee: string | null
  billId: string | null
  registerSessionId: string | null
  locationId: string | null
  paymentIds: string[]
  lines: { role: string; amount: number }[]
}

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

const hex4 = (limb: number): string => limb.toString(16).padStart(4, '0')

/**
 * 64-bit FNV-1a as 16 hex digits over the text's UTF-8 bytes (a lone surrogate as U+FFFD, as
 * TextEncoder writes it), computed on four 16-bit limbs.
 */
function fnv1a64(text: string): string {
  let h0 = 0x2325
  let h1 = 0x8422
  let h2 = 0x9ce4
  let h3 = 0xcbf2
  for (const byte of new TextEncoder().encode(text)) {
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

/** What an entry posts: dates, ids, and each line's role and amount; not its wording or accounts. */
export function postingHash(entry: HashedEntry): string {
  return fnv1a64(
    canonicalJson({
      id: entry.id,
      date: entry.date,
      currency: entry.currency,
      payee: entry.payee,
      billId: entry.billId,
      registerSessionId: entry.registerSessionId,
      locationId: entry.locationId,
      paymentIds: entry.paymentIds,
      lines: entry.lines.map((l) => [l.role, l.amount]),
    }),
  )
}
