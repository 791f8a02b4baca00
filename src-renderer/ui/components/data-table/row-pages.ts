import type { SortingState } from '@tanstack/react-table'
import type { RowSource } from './row-source'

interface Query<Row, Filters> {
  source: RowSource<Row, Filters>
  sort: SortingState
  filters: Filters
  key: string
}

/**
 * A small cache of pages of rows for the rows on show, fetched from a `RowSource` as the table
 * scrolls. Only the pages covering the wanted rows are fetched, two at a time, so a fast scroll
 * over a million rows asks for what is on screen when it stops, not for everything it passed.
 * The least recently fetched pages are dropped beyond `maxPages`.
 */
export class RowPages<Row, Filters> {
  private query: Query<Row, Filters> | null = null
  private generation = 0
  private pages = new Map<number, Row[]>()
  /** Pages from before the data changed: shown until their fresh copy arrives. */
  private stale = new Set<number>()
  private loading = new Set<number>()
  private wanted = { first: 0, last: -1 }
  private total: number | null = null
  /** A new query's count, asked for once its top has arrived. */
  private countLater: (() => void) | null = null
  private failure: string | null = null
  private version = 0
  private readonly listeners = new Set<() => void>()

  constructor(
    readonly pageSize = 100,
    private readonly maxPages = 40,
    private readonly concurrency = 2,
  ) {}

  /**
   * Sets what to show. Another order or other filters: every row is forgotten. The same with a
   * new source (the data changed): rows stay on show and are fetched again.
   */
  setQuery(source: RowSource<Row, Filters>, sort: SortingState, filters: Filters): void {
    const key = JSON.stringify([sort, filters])
    if (this.query?.source === source && this.query.key === key) return
    const sameRows = this.query?.key === key
    this.query = { source, sort, filters, key }
    this.generation += 1
    this.loading.clear()
    this.failure = null
    const generation = this.generation
    const count = (): void => {
      source.count(filters).then(
        (total) => this.settle(generation, () => (this.total = total)),
        (error: unknown) => this.fail(generation, error),
      )
    }
    if (sameRows) {
      for (const page of this.pages.keys()) this.stale.add(page)
      this.countLater = null
      count()
    } else {
      this.pages.clear()
      this.stale.clear()
      this.total = null
      // A new query shows its top first, then counts: asked together, a count of a broad range
      // (a second over a million bills) holds the top up in IndexedDB as long as it runs.
      this.wanted = { first: 0, last: 0 }
      this.countLater = count
    }
    this.pump()
    this.changed()
  }

  /** The rows at these positions (inclusive) are on show. */
  want(first: number, last: number): void {
    if (first === this.wanted.first && last === this.wanted.last) return
    this.wanted = { first, last }
    this.pump()
  }

  row(index: number): Row | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize]
  }

  /** How many rows match, or null until known. */
  get count(): number | null {
    return this.total
  }

  /** The rows that can be shown: all that match once counted, before that those fetched from the top. */
  get showable(): number {
    if (this.total !== null) return this.total
    let rows = 0
    for (let page = 0; ; page += 1) {
      const fetched = this.pages.get(page)
      if (!fetched) return rows
      rows += fetched.length
      if (fetched.length < this.pageSize) return rows
    }
  }

  get error(): string | null {
    return this.failure
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Changes whenever anything shown changes (for `useSyncExternalStore`). */
  snapshot = (): number => this.version

  private pump(): void {
    const query = this.query
    if (!query || this.failure !== null || this.wanted.last < this.wanted.first) return
    const firstPage = Math.floor(this.wanted.first / this.pageSize)
    const lastPage = Math.floor(this.wanted.last / this.pageSize)
    for (let page = firstPage; page <= lastPage; page += 1) {
      if (this.loading.size >= this.concurrency) return
      if ((this.pages.has(page) && !this.stale.has(page)) || this.loading.has(page)) continue
      this.fetch(query, page)
    }
  }

  private fetch(query: Query<Row, Filters>, page: number): void {
    const generation = this.generation
    this.loading.add(page)
    const offset = page * this.pageSize
    query.source.rows(offset, this.pageSize, query.sort, query.filters).then(
      (rows) =>
        this.settle(generation, () => {
          this.loading.delete(page)
          this.stale.delete(page)
          this.pages.delete(page)
          this.pages.set(page, rows)
          for (const old of this.pages.keys()) {
            if (this.pages.size <= this.maxPages) break
            this.pages.delete(old)
            this.stale.delete(old)
          }
          this.countLater?.()
          this.countLater = null
          this.pump()
        }),
      (error: unknown) => this.fail(generation, error),
    )
  }

  private settle(generation: number, apply: () => void): void {
    if (generation !== this.generation) return
    apply()
    this.changed()
  }

  private fail(generation: number, error: unknown): void {
    this.settle(generation, () => {
      this.loading.clear()
      this.failure = error instanceof Error ? error.message : String(error)
    })
  }

  private changed(): void {
    this.version += 1
    for (const listener of this.listeners) listener()
  }
}
