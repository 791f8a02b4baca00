import type { OutputChunk } from '../../exports/formats/output'
import type { ExportWhat } from '../../exports/run-export'

/**
 * The browser shell's sink: chunks gathered per part, then one download per part (see
 * ExportsScreen). Electron's save dialog, writing chunk by chunk through main, is not wired yet.
 */

export function contentType(what: ExportWhat): string {
  return fileExtension(what) === 'csv' ? 'text/csv;charset=utf-8' : 'text/plain;charset=utf-8'
}

export function fileExtension(what: ExportWhat): string {
  if (what === 'beancount') return 'beancount'
  if (what === 'ledger') return 'journal'
  return 'csv'
}

export function fileNames(base: string, what: ExportWhat, parts: number): string[] {
  const ext = fileExtension(what)
  if (parts <= 1) return [`${base}.${ext}`]
  return Array.from({ length: parts }, (_, i) => `${base}-part-${i + 1}.${ext}`)
}

export class PartCollector {
  readonly parts: string[][] = []

  add({ part, text }: OutputChunk): void {
    ;(this.parts[part - 1] ??= []).push(text)
  }
}
