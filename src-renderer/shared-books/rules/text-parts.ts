import { SHARED_PART_CHARS } from '../../../src-shared/bridge/schemas/shared-books'

/** Cuts `text` into pieces of at most `size` UTF-16 units, never inside a surrogate pair. */
export function textParts(text: string, size = SHARED_PART_CHARS): string[] {
  const parts: string[] = []
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + size, text.length)
    const last = text.charCodeAt(end - 1)
    // A high surrogate's low half goes with it into the next piece.
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1
    parts.push(text.slice(start, end))
    start = end
  }
  return parts
}
