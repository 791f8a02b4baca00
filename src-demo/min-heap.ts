/** A binary min-heap; items that compare equal come out in insertion order. */
export class MinHeap<T> {
  private readonly items: { item: T; seq: number }[] = []
  private seq = 0

  constructor(private readonly compare: (a: T, b: T) => number) {}

  peek(): T | undefined {
    return this.items[0]?.item
  }

  push(item: T): void {
    const items = this.items
    items.push({ item, seq: this.seq++ })
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.before(i, parent)) break
      this.swap(i, parent)
      i = parent
    }
  }

  pop(): T | undefined {
    const items = this.items
    const top = items[0]
    const last = items.pop()
    if (top === undefined || last === undefined) return undefined
    if (items.length > 0) {
      items[0] = last
      let i = 0
      for (;;) {
        const left = 2 * i + 1
        const right = left + 1
        let smallest = i
        if (left < items.length && this.before(left, smallest)) smallest = left
        if (right < items.length && this.before(right, smallest)) smallest = right
        if (smallest === i) break
        this.swap(i, smallest)
        i = smallest
      }
    }
    return top.item
  }

  private before(a: number, b: number): boolean {
    const x = this.items[a] as { item: T; seq: number }
    const y = this.items[b] as { item: T; seq: number }
    return (this.compare(x.item, y.item) || x.seq - y.seq) < 0
  }

  private swap(a: number, b: number): void {
    const items = this.items
    const x = items[a] as { item: T; seq: number }
    items[a] = items[b] as { item: T; seq: number }
    items[b] = x
  }
}
