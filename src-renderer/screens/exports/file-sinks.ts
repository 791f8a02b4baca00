import {
  MAX_EXPORT_CHUNK_CHARS,
  partFileName,
  type ExportOpenInput,
} from '../../../src-shared/bridge/contract'
import type { TillBridge } from '../../bridge/client'
import type { OutputChunk } from '../../exports/formats/output'
import type { ChunkSink } from '../../exports/run-export'

/**
 * Where an export's chunks go. In Electron, main writes them to the file chosen in a save dialog
 * (or into a scheduled export's folder), chunk by chunk. In the browser shell, which has no save
 * dialog, each chunk becomes a Blob at once, so its text leaves the page's heap for the
 * browser's blob storage (which spills to disk when large), and the parts download at the end.
 */

/** `text` in pieces of at most `max` UTF-16 units, never between the halves of a surrogate pair. */
export function textPieces(text: string, max: number): string[] {
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

/** The parts as Blobs, handed to `save` (a download) once the export is whole. */
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
      const names = parts.map((_, i) => partFileName(name, i + 1, parts.length))
      parts.forEach((blobs, i) => save(new Blob(blobs, { type }), names[i]!))
      parts = []
      return names
    },
    async abort() {
      parts = []
    },
  }
}

/** Every chunk into `sink`, then the file(s) made; nothing left if a chunk fails. */
export async function writeToSink(
  chunks: AsyncIterable<OutputChunk>,
  sink: ChunkSink,
): Promise<string[]> {
  try {
    for await (const chunk of chunks) await sink.write(chunk)
  } catch (error) {
    await sink.abort()
    throw error
  }
  return sink.finish()
}
