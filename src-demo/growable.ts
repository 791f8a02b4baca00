/** Typed arrays that grow, for compact columns and index lists of up to millions of entries. */

type TypedArray = Int32Array | Uint8Array | Uint16Array | Float64Array

interface TypedArrayConstructor<T extends TypedArray> {
  new (length: number): T
}

/** A copy of `array` with room for `capacity` entries. */
export function grown<T extends TypedArray>(array: T, capacity: number): T {
  const Ctor = array.constructor as TypedArrayConstructor<T>
  const next = new Ctor(capacity)
  next.set(array as never)
  return next
}

export function nextCapacity(current: number, needed: number): number {
  return Math.max(needed, Math.ceil(current * 1.5), 16)
}

/** A list of int32 values with amortised O(1) append. */
export class GrowableInt32 {
  private data: Int32Array
  length = 0

  constructor(capacity = 16) {
    this.data = new Int32Array(capacity)
  }

  get(position: number): number {
    return this.data[position] as number
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      this.data = grown(this.data, nextCapacity(this.data.length, this.length + 1))
    }
    this.data[this.length++] = value
  }

  /** Removes the entry at `position`, shifting later entries down. */
  removeAt(position: number): void {
    this.data.copyWithin(position, position + 1, this.length)
    this.length--
  }

  /** Inserts at `position`, shifting later entries up. */
  insertAt(position: number, value: number): void {
    this.push(value)
    this.data.copyWithin(position + 1, position, this.length - 1)
    this.data[position] = value
  }

  /** A view (not a copy) of the live entries. */
  view(): Int32Array {
    return this.data.subarray(0, this.length)
  }

  /** Takes `values` over as the whole list. */
  replace(values: Int32Array): void {
    this.data = values
    this.length = values.length
  }
}
