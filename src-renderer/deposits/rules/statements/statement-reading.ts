import { StatementReadError, type ParsedStatement, type StatementFormat } from '../bank-line'
import { recogniseCsvLayout } from './csv-layouts'
import { likelyDelimiter } from './csv-rows'
import type { CsvMapping } from './csv-statement'
import { previewStatement, statementFormatOf } from './read-statement'

/**
 * What the page and the statement reader (a worker: the file is read and parsed off the page's
 * thread) say to each other. Pure: the worker and the page each call these on their side.
 */

/** The lines of a CSV file's start sent back for its columns to be mapped on the page. */
const HEAD_LINES = 64

export type ReaderRequest =
  | {
      kind: 'read'
      id: number
      file: Blob
      currency: string
      /** The account's remembered CSV mapping, tried before a known layout or a guess. */
      remembered: CsvMapping | null
      thisYear: number
    }
  /** The same file read again with the CSV columns mapped otherwise, or for another currency. */
  | { kind: 'map'; id: number; csv: CsvMapping; currency: string }
  /** The statement whole, to import it. */
  | { kind: 'statement'; id: number }

/** A read error as it crosses between threads: its words and its place. */
export interface ReadFailure {
  message: string
  where: string
}

/** What the preview shows: the first lines, how many in all, the currency. */
export type ShownPreview =
  | {
      ok: true
      format: StatementFormat
      lines: ParsedStatement['lines']
      total: number
      currency: string
    }
  | { ok: false; failure: ReadFailure }

export interface ReadFile {
  format: StatementFormat
  /** The CSV mapping the file is read with (null for the other formats), and its first lines. */
  mapping: CsvMapping | null
  head: string
  preview: ShownPreview
}

export type ReaderReply =
  | { kind: 'progress'; id: number; read: number; total: number }
  | { kind: 'parsing'; id: number; bytes: number }
  | ({ kind: 'read'; id: number } & ReadFile)
  | { kind: 'statement'; id: number; statement: ParsedStatement | null }
  /** Anything but a read error: the file could not be read at all. */
  | { kind: 'failed'; id: number; message: string }

/** A StatementReadError as it crosses: its own words, without the place its message starts with. */
function readFailure(error: StatementReadError): ReadFailure {
  const prefix = `${error.where}: `
  const message = error.message.startsWith(prefix)
    ? error.message.slice(prefix.length)
    : error.message
  return { message, where: error.where }
}

/** The StatementReadError a failure came from, its place kept. */
export function readErrorOf(failure: ReadFailure): StatementReadError {
  return new StatementReadError(failure.message, failure.where)
}

/** A first mapping for a CSV file: the account's remembered one, a layout Till knows, or a guess
 *  (its amounts read as the account's currency writes them). */
function firstMapping(text: string, remembered: CsvMapping | null, currency: string): CsvMapping {
  return (
    remembered ??
    recogniseCsvLayout(text, currency)?.mapping ?? {
      delimiter: likelyDelimiter(text.split('\n', 1)[0] ?? ''),
      skipRows: 0,
      footerRows: 0,
      date: '',
      dateFormat: 'YYYY-MM-DD',
      amount: { signed: '' },
      text: [],
      decimalMark: '.',
    }
  )
}

/**
 * A file's text read for the page: its format, for a CSV file the mapping it is read with
 * (`csv` when the person chose one, else the first) and its first lines, and the preview; beside
 * it the statement whole, kept by the reader until it is imported.
 */
export function readFileReply(
  text: string,
  options: { currency: string; thisYear: number; remembered: CsvMapping | null; csv?: CsvMapping },
): { file: ReadFile; statement: ParsedStatement | null } {
  const format = statementFormatOf(text)
  const mapping =
    format === 'csv'
      ? (options.csv ?? firstMapping(text, options.remembered, options.currency))
      : null
  const head = mapping ? text.split('\n', HEAD_LINES).join('\n') : ''
  const read = previewStatement(text, {
    currency: options.currency,
    thisYear: options.thisYear,
    ...(mapping ? { csv: mapping } : {}),
  })
  if (!read.ok)
    return {
      file: { format, mapping, head, preview: { ok: false, failure: readFailure(read.error) } },
      statement: null,
    }
  const { lines, total, currency, statement } = read
  return {
    file: { format, mapping, head, preview: { ok: true, format, lines, total, currency } },
    statement,
  }
}

const megabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1)

/** The reader's progress in words, for the progress bar's label. */
export function progressWords(
  progress: { kind: 'progress'; read: number; total: number } | { kind: 'parsing'; bytes: number },
): string {
  if (progress.kind === 'parsing') return `Read ${megabytes(progress.bytes)} MB; reading its lines…`
  return `Reading the file: ${megabytes(progress.read)} of ${megabytes(progress.total)} MB`
}
