import {
  MAX_EXPORT_CHUNK_CHARS,
  partFileName,
  type ExportOpenInput,
} from '../../../src-shared/bridge/contract'
import { Zip, ZipDeflate } from 'fflate'
import type { TillBridge } from '../../bridge/bridge-client'
import type { OutputChunk } from '../rules/formats/output'
import type { ChunkSink } from './run-export'

/**
 * Where an export's chunks go. In Electron, main writes them to the file chosen in a save dialog
 * (or into a scheduled export's folder), chunk by chunk. In the browser shell, which has no save
 * dialog, each chunk becomes a Blob at once, so its text leaves the page's heap for the
 * browser's blob storage (which spills to disk when large), and the file downloads at the end:
 * an export of several parts (Xero's 300-line files) as one zip of the numbered parts.
 */

/** `text` in pieces of at most `max` UTF-16 units, never between the halves of a surrogate pair. */
function textPieces(text: string, max: number): string[] {
  const pieces: string[] = []
  let start = 0
  while (text.length - start > max) {
    let end = start + max
    const last = text.charCodeAt(end - 1)
    if (last >= 0xd800 && last <= 0xdbff) end -= 1
    pieces.push(text.slice(start, end))
    start = end
  }
  pieces.push(text.slice(start))
  return pieces
}

/** Opens a file in main: null when the person closed the save dialog. */
export async function openMainFile(
  bridge: TillBridge,
  target: ExportOpenInput['target'],
): Promise<ChunkSink | null> {
  const { handle } = await bridge.call('exports.open', { target })
  if (handle === null) return null
  return {
    async write({ part, text }: OutputChunk) {
      for (const piece of textPieces(text, MAX_EXPORT_CHUNK_CHARS))
        await bridge.call('exports.write', { handle, part, text: piece })
    },
    async finish() {
      return (await bridge.call('exports.finish', { handle })).files
    },
    async abort() {
      // A failed abort leaves only a hidden temporary file, which main drops when it goes idle.
      await bridge.call('exports.abort', { handle }).catch(() => undefined)
    },
  }
}

/** `till-xero-2026-11-20.csv` → `till-xero-2026-11-20.zip`. */
function zipFileName(name: string): string {
  return `${name.replace(/\.[^.]*$/, '')}.zip`
}

/** The parts, each a file of its own name, zipped (fflate) into Blobs a part at a time. */
async function zipParts(parts: readonly Blob[][], names: readonly string[]): Promise<Blob> {
  const out: Blob[] = []
  let failure: Error | null = null
  const zip = new Zip((error, data) => {
    if (error) failure = error
    else out.push(new Blob([data as Uint8Array<ArrayBuffer>]))
  })
  for (const [i, blobs] of parts.entries()) {
    const file = new ZipDeflate(names[i]!, { level: 6 })
    zip.add(file)
    if (blobs.length === 0) file.push(new Uint8Array(0), true)
    for (const [j, blob] of blobs.entries())
      file.push(new Uint8Array(await blob.arrayBuffer()), j === blobs.length - 1)
  }
  zip.end()
  if (failure) throw failure
  return new Blob(out, { type: 'application/zip' })
}

/**
 * The parts as Blobs, handed to `save` (a download) once the export is whole: one file, or one
 * zip of the numbered parts.
 */
export function downloadSink(
  name: string,
  type: string,
  save: (blob: Blob, name: string) => void,
): ChunkSink {
  let parts: Blob[][] = []
  return {
    async write({ part, text }: OutputChunk) {
      ;(parts[part - 1] ??= []).push(new Blob([text]))
    },
    async finish() {
      const written = parts
      parts = []
      if (written.length <= 1) {
        save(new Blob(written[0] ?? [], { type }), name)
        return [name]
      }
      const names = written.map((_, i) => partFileName(name, i + 1, written.length))
      save(await zipParts(written, names), zipFileName(name))
      return [zipFileName(name)]
    },
    async abort() {
      parts = []
    },
  }
}

export interface SinkOutcome<Result> {
  /** What the chunks' source returned once done (an export's result). */
  result: Result
  /** The files made; empty when `makesNoFile` said so (a journal with nothing new). */
  files: string[]
}

/**
 * Every chunk of `chunks` into `sink`, then the file(s) made, or none where `makesNoFile` says
 * the finished source has nothing worth a file; a failed chunk leaves nothing. The sink finishes
 * only after the source's own last step (an export's log commit): should finishing fail, the
 * batch is in the log and Download again writes it, where the other order could leave a file
 * the log does not know, to be posted twice.
 */
export async function writeToSink<Result>(
  chunks: AsyncIterable<OutputChunk, Result>,
  sink: ChunkSink,
  makesNoFile: (result: Result) => boolean = () => false,
): Promise<SinkOutcome<Result>> {
  const source = chunks[Symbol.asyncIterator]()
  let result: Result
  try {
    for (;;) {
      const next = await source.next()
      if (next.done) {
        result = next.value
        break
      }
      await sink.write(next.value)
    }
  } catch (error) {
    await source.return?.(undefined as never).catch(() => undefined)
    await sink.abort()
    throw error
  }
  if (makesNoFile(result)) {
    await sink.abort()
    return { result, files: [] }
  }
  return { result, files: await sink.finish() }
}
