/**
 * Seeded pseudo-random numbers for the simulator. Every random choice that shapes served data
 * comes from one of these streams, never from Math.random, so a seed reproduces the shop.
 */

/** Streams keep unrelated choices independent: adding a draw to one never shifts another. */
export const Stream = {
  location: 1,
  sale: 2,
  payment: 3,
  generator: 4,
  trading: 5,
  faults: 6,
  deliveries: 7,
  platform: 8,
  bank: 9,
} as const

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks an index with probability proportional to its weight. */
  weighted(weights: readonly number[]): number
}

/** 32-bit avalanche mix (the murmur3 finaliser). */
function mix32(value: number): number {
  let h = value | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Hashes a list of non-negative integers (each below 2^53) into 32 bits. */
function hashInts(parts: readonly number[]): number {
  let h = 0x9e3779b9
  for (const part of parts) {
    const low = part >>> 0
    const high = Math.floor(part / 0x1_0000_0000) >>> 0
    h = mix32(h ^ mix32(low + 0x632be59b))
    h = mix32(h ^ mix32(high + 0x7f4a7c15))
  }
  return h
}

/** sfc32 (Chris Doty-Humphrey's small fast chaotic generator), 128 bits of state. */
class Sfc32 implements Rng {
  private a: number
  private b: number
  private c: number
  private d = 1

  constructor(seed: number) {
    this.a = mix32(seed ^ 0xa0761d65)
    this.b = mix32(seed ^ 0xe7037ed1)
    this.c = mix32(seed ^ 0x8ebc6af0)
    for (let i = 0; i < 12; i++) this.nextUint32()
  }

  private nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  next(): number {
    return this.nextUint32() / 0x1_0000_0000
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  weighted(weights: readonly number[]): number {
    let total = 0
    for (const w of weights) total += w
    let target = this.next() * total
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] as number
      if (target < 0) return i
    }
    return weights.length - 1
  }
}

/** A generator for one stream, keyed by the seed and any further integers (e.g. a bill index). */
export function rngFor(seed: number, stream: number, ...keys: number[]): Rng {
  return new Sfc32(hashInts([seed, stream, ...keys]))
}
