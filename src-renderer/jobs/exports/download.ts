import { partFileName } from '../../../src-shared/bridge/contract'
import type { ExportWhat } from './run-export'

/** File names and types of export files, in either shell. */

export function contentType(what: ExportWhat): string {
  return fileExtension(what) === 'csv' ? 'text/csv;charset=utf-8' : 'text/plain;charset=utf-8'
}

export function fileExtension(what: ExportWhat): string {
  if (what === 'beancount') return 'beancount'
  if (what === 'ledger') return 'journal'
  return 'csv'
}

export function fileNames(base: string, what: ExportWhat, parts: number): string[] {
  const name = `${base}.${fileExtension(what)}`
  return Array.from({ length: Math.max(parts, 1) }, (_, i) => partFileName(name, i + 1, parts))
}
