import type { TillBridge } from '../../../src-renderer/bridge/bridge-client'
import { BridgeCallError } from '../../../src-renderer/bridge/bridge-client'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src-shared/bridge/contract'
import type { SharedRow } from '../../../src-shared/bridge/schemas/shared-books'

/**
 * The shared books as the contract (src-shared/bridge/schemas/shared-books.ts) describes them,
 * in memory, for the renderer's unit tests: per-store rows with versions and a change counter,
 * compare-and-set pushes, a compare-and-append export log with unique batch ids. Bodies go
 * through JSON with their keys reordered, as jsonb hands them back. The real books (PostgreSQL,
 * main) are exercised end to end in test/e2e/shared-books.spec.ts.
 */

/** JSON round trip with each object's keys in reverse order, as a database may return them. */
function asStored(value: unknown): unknown {
  const reorder = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(reorder)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, reorder(x)]),
          )
        : v
  return reorder(JSON.parse(JSON.stringify(value ?? null)))
}

interface LogEntry {
  seq: number
  batchId: string
  batch: unknown
  by: string
  at: number
}

export class FakeBooks {
  private change = 0
  readonly rows = new Map<string, SharedRow>()
  readonly logs = new Map<string, LogEntry[]>()
  private listeners = new Set<(payload: unknown) => void>()
  /** While true every call fails as main's does when the database does not answer. */
  offline = false
  lastReachedAt = 1_000

  /** A PC's bridge to these books: `pcName` only labels its calls. */
  bridge(): TillBridge {
    return {
      call: (async (channel: ChannelName, input?: unknown) => {
        if (this.offline)
          throw new BridgeCallError({
            kind: 'shared_books_unreachable',
            message: 'connect ECONNREFUSED 127.0.0.1:5432',
            lastReachedAt: this.lastReachedAt,
          })
        return this.answer(channel, input)
      }) as TillBridge['call'],
      on: ((name: string, listener: (payload: unknown) => void) => {
        if (name !== 'sharedBooks.changed') return () => undefined
        this.listeners.add(listener)
        return () => this.listeners.delete(listener)
      }) as TillBridge['on'],
    }
  }

  private nextChange(storeId: string): number {
    this.change++
    for (const listener of this.listeners)
      listener({ profileId: 'p1', storeId, change: this.change })
    return this.change
  }

  private answer(channel: ChannelName, input: unknown): unknown {
    switch (channel) {
      case 'sharedBooks.info':
        return this.info()
      case 'sharedBooks.join':
        return {
          url: 'postgres://till@127.0.0.1/till',
          hasPassword: true,
          storeId: 's',
          joined: true,
          pcName: 'pc',
        }
      case 'sharedBooks.pull':
        return this.pull(input as ChannelInput<'sharedBooks.pull'>)
      case 'sharedBooks.push':
        return this.push(input as ChannelInput<'sharedBooks.push'>)
      case 'sharedBooks.appendExport':
        return this.append(input as ChannelInput<'sharedBooks.appendExport'>)
      case 'sharedBooks.stagePart':
        return this.stage(input as ChannelInput<'sharedBooks.stagePart'>)
      case 'sharedBooks.appendStaged':
        return this.appendStaged(input as ChannelInput<'sharedBooks.appendStaged'>)
      default:
        throw new Error(`The fake books do not answer ${channel}`)
    }
  }

  private info(): ChannelOutput<'sharedBooks.info'> {
    return {
      empty: this.rows.size === 0 && this.logs.size === 0,
      heads: [...this.logs].map(([destinationId, log]) => ({
        destinationId,
        seq: log.length,
        batchIds: log.map((e) => e.batchId),
      })),
    }
  }

  private pull(input: ChannelInput<'sharedBooks.pull'>): ChannelOutput<'sharedBooks.pull'> {
    const above = [...this.rows.values()]
      .filter((row) => row.change > input.since)
      .sort((a, b) => a.change - b.change)
    const rows = above.slice(0, input.limit).map((row) => ({ ...row, body: asStored(row.body) }))
    return { rows, head: this.change, more: above.length > input.limit }
  }

  private push(input: ChannelInput<'sharedBooks.push'>): ChannelOutput<'sharedBooks.push'> {
    return {
      results: input.changes.map((change) => {
        const ref = `${change.kind}:${change.key}`
        const current = this.rows.get(ref)
        if ((current?.version ?? 0) !== change.baseVersion)
          return {
            status: 'conflict' as const,
            current: { ...current!, body: asStored(current!.body) },
          }
        const row: SharedRow = {
          kind: change.kind,
          key: change.key,
          version: (current?.version ?? 0) + 1,
          change: this.nextChange(input.storeId),
          body: asStored(change.body),
          deleted: change.deleted ?? false,
          by: input.by,
          at: Date.now(),
        }
        this.rows.set(ref, row)
        return { status: 'applied' as const, version: row.version, change: row.change }
      }),
    }
  }

  private readonly staged = new Map<string, string[]>()

  private stage(input: ChannelInput<'sharedBooks.stagePart'>): object {
    const parts = this.staged.get(input.uploadId) ?? []
    parts[input.part] = input.text
    this.staged.set(input.uploadId, parts)
    return {}
  }

  /** The staged upload's appends in order, all of them or, one being behind, none. */
  private appendStaged(
    input: ChannelInput<'sharedBooks.appendStaged'>,
  ): ChannelOutput<'sharedBooks.appendStaged'> {
    const parts = this.staged.get(input.uploadId) ?? []
    this.staged.delete(input.uploadId)
    if (parts.filter((part) => part !== undefined).length !== input.parts)
      throw new Error(`upload ${input.uploadId} is missing parts`)
    const appends = JSON.parse(parts.join('')) as Omit<
      ChannelInput<'sharedBooks.appendExport'>,
      'profileId' | 'storeId' | 'by'
    >[]
    const before = {
      change: this.change,
      rows: new Map(this.rows),
      logs: new Map([...this.logs].map(([id, log]) => [id, [...log]])),
    }
    const results = appends.map((append) => this.append({ ...input, ...append }))
    const behind = results.find((result) => result.status === 'behind')
    if (!behind) return { results }
    this.change = before.change
    for (const [table, was] of [
      [this.rows, before.rows],
      [this.logs, before.logs],
    ] as const) {
      table.clear()
      for (const [key, value] of was) (table as Map<string, unknown>).set(key, value)
    }
    return { results: [behind] }
  }

  private append(
    input: ChannelInput<'sharedBooks.appendExport'>,
  ): ChannelOutput<'sharedBooks.appendExport'> {
    for (const log of this.logs.values()) {
      const done = log.find((e) => e.batchId === input.batchId)
      if (done) return { status: 'already-committed', seq: done.seq }
    }
    const log = this.logs.get(input.destinationId) ?? []
    if (log.length !== input.expectedSeq) return { status: 'behind', headSeq: log.length }
    const entry = {
      seq: log.length + 1,
      batchId: input.batchId,
      batch: asStored({
        destinationId: input.destinationId,
        seq: log.length + 1,
        batchId: input.batchId,
        batch: input.batch,
      }),
      by: input.by,
      at: Date.now(),
    }
    log.push(entry)
    this.logs.set(input.destinationId, log)
    const change = this.nextChange(input.storeId)
    this.rows.set(`exportBatch:${input.batchId}`, {
      kind: 'exportBatch',
      key: input.batchId,
      version: 1,
      change,
      body: entry.batch,
      deleted: false,
      by: input.by,
      at: entry.at,
    })
    return { status: 'committed', seq: entry.seq, change }
  }
}
