import type { ParsedStatement } from '../rules/bank-line'
import type { CsvMapping } from '../rules/statements/csv-statement'
import type { ReadFile, ReaderReply, ReaderRequest } from '../rules/statements/statement-reading'

/** How far a statement file is read, as the reader tells it. */
export type ReadingProgress = Extract<ReaderReply, { kind: 'progress' | 'parsing' }>

/** Requests as the page sends them: the reader numbers them. */
type Asked = ReaderRequest extends infer R
  ? R extends ReaderRequest
    ? Omit<R, 'id'>
    : never
  : never

/**
 * The page's side of one statement file's reader (statement-reader.worker.ts): the file read and
 * parsed off the page's thread, its progress told to `onProgress`. Close it when the file is done
 * with.
 */
export interface StatementReader {
  read(
    file: Blob,
    wanted: { currency: string; remembered: CsvMapping | null; thisYear: number },
  ): Promise<ReadFile>
  /** The same file read with other CSV columns, or for an account in another currency. */
  map(csv: CsvMapping, currency: string): Promise<ReadFile>
  /** The statement as last read, whole, to import it (null when it could not be read). */
  statement(): Promise<ParsedStatement | null>
  close(): void
}

/** A module worker as the page holds it: typed here, as this file is also type-checked for Node. */
interface ReaderWorker {
  postMessage(request: ReaderRequest): void
  addEventListener(type: 'message', listener: (event: { data: ReaderReply }) => void): void
  addEventListener(type: 'error', listener: (event: { message: string }) => void): void
  terminate(): void
}
const { Worker } = globalThis as unknown as {
  Worker: new (url: URL, options: { type: 'module' }) => ReaderWorker
}

export function openStatementReader(
  onProgress: (progress: ReadingProgress) => void,
): StatementReader {
  const worker = new Worker(new URL('./statement-reader.worker.ts', import.meta.url), {
    type: 'module',
  })
  const waiting = new Map<number, { resolve(reply: ReaderReply): void; reject(e: Error): void }>()
  let next = 0
  worker.addEventListener('message', (event) => {
    const reply = event.data
    if (reply.kind === 'progress' || reply.kind === 'parsing') return onProgress(reply)
    const asked = waiting.get(reply.id)
    waiting.delete(reply.id)
    if (reply.kind === 'failed') asked?.reject(new Error(reply.message))
    else asked?.resolve(reply)
  })
  worker.addEventListener('error', (event) => {
    for (const asked of waiting.values()) asked.reject(new Error(event.message))
    waiting.clear()
  })
  const ask = (request: Asked): Promise<ReaderReply> =>
    new Promise((resolve, reject) => {
      const id = next++
      waiting.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    })
  const fileOf = async (request: Asked): Promise<ReadFile> => {
    const {
      kind: _,
      id: __,
      ...file
    } = (await ask(request)) as Extract<ReaderReply, { kind: 'read' }>
    return file
  }
  return {
    read: (file, wanted) => fileOf({ kind: 'read', file, ...wanted }),
    map: (csv, currency) => fileOf({ kind: 'map', csv, currency }),
    statement: async () =>
      ((await ask({ kind: 'statement' })) as Extract<ReaderReply, { kind: 'statement' }>).statement,
    close: () => worker.terminate(),
  }
}
