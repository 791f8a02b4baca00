import type { OutputChunk } from '../../../src-renderer/exports/rules/formats/output'

/** The text of each part a writer produced. */
export async function collectParts(chunks: AsyncIterable<OutputChunk>): Promise<string[]> {
  const parts: string[] = []
  for await (const { part, text } of chunks) parts[part - 1] = (parts[part - 1] ?? '') + text
  return parts
}

export async function collectText(chunks: AsyncIterable<OutputChunk>): Promise<string> {
  const parts = await collectParts(chunks)
  if (parts.length > 1) throw new Error(`expected one file, got ${parts.length}`)
  return parts[0] ?? ''
}

/** Splits items into arrays of `size`, to drive writers the way Dexie pages would. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
