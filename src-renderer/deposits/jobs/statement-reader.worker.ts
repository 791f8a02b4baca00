import type { ParsedStatement } from '../rules/bank-line'
import {
  readFileReply,
  type ReaderReply,
  type ReaderRequest,
} from '../rules/statements/statement-reading'

/**
 * The statement reader: a worker that reads a statement file once, off the page's thread, telling
 * how far it has read, then parses it and keeps its text (to read it again with other CSV
 * columns) and its statement (to import it) until the page closes it.
 */

/** Progress is told at most this often: enough for a smooth bar, few messages. */
const PROGRESS_EVERY_MS = 50

let text = ''
let options = { currency: '', thisYear: 0 }
let statement: ParsedStatement | null = null

const reply = (message: ReaderReply): void => postMessage(message)

async function readText(file: Blob, id: number): Promise<string> {
  const reader = file.stream().getReader()
  const decoder = new TextDecoder()
  const parts: string[] = []
  let read = 0
  let toldAt = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    read += value.byteLength
    parts.push(decoder.decode(value, { stream: true }))
    if (performance.now() - toldAt >= PROGRESS_EVERY_MS) {
      toldAt = performance.now()
      reply({ kind: 'progress', id, read, total: file.size })
    }
  }
  parts.push(decoder.decode())
  return parts.join('')
}

function answer(request: ReaderRequest): Promise<ReaderReply> | ReaderReply {
  switch (request.kind) {
    case 'read':
      return (async () => {
        text = await readText(request.file, request.id)
        options = { currency: request.currency, thisYear: request.thisYear }
        reply({ kind: 'parsing', id: request.id, bytes: request.file.size })
        const read = readFileReply(text, { ...options, remembered: request.remembered })
        statement = read.statement
        return { kind: 'read', id: request.id, ...read.file }
      })()
    case 'map': {
      options = { ...options, currency: request.currency }
      const read = readFileReply(text, { ...options, remembered: null, csv: request.csv })
      statement = read.statement
      return { kind: 'read', id: request.id, ...read.file }
    }
    case 'statement':
      return { kind: 'statement', id: request.id, statement }
  }
}

addEventListener('message', (event: MessageEvent<ReaderRequest>) => {
  const { id } = event.data
  Promise.resolve()
    .then(() => answer(event.data))
    .then(reply)
    // A read error is in the preview; anything else (the file unreadable) is told as it is.
    .catch((error: unknown) =>
      reply({
        kind: 'failed',
        id,
        message: error instanceof Error ? error.message : String(error),
      }),
    )
})
