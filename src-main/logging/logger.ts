import { appendFileSync, chmodSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { inspect } from 'node:util'
import { scrubSecrets } from './secret'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../platform/private-files'

type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  child(scope: string): Logger
}

export type LogSink = (line: string) => void

const sinks: LogSink[] = []
const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }
/** TILL_LOG_LEVEL (info by default), read at each line: whoever sets it after this loads is heard. */
function threshold(): number {
  return LEVELS[(process.env.TILL_LOG_LEVEL as LogLevel | undefined) ?? 'info'] ?? LEVELS.info
}

export function addLogSink(sink: LogSink): () => void {
  sinks.push(sink)
  return () => {
    const at = sinks.indexOf(sink)
    if (at >= 0) sinks.splice(at, 1)
  }
}

/**
 * Appends to a log file in the data folder (created on first write). Folder and file are private,
 * also when an older Till left them readable by others.
 */
export function fileLogSink(path: string): LogSink {
  let ready = false
  return (line) => {
    if (!ready) mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_FOLDER_MODE })
    appendFileSync(path, line + '\n', { mode: PRIVATE_FILE_MODE })
    if (!ready) {
      chmodSync(dirname(path), PRIVATE_FOLDER_MODE)
      chmodSync(path, PRIVATE_FILE_MODE)
      ready = true
    }
  }
}

export const stderrLogSink: LogSink = (line) => process.stderr.write(line + '\n')

function render(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`
  if (typeof value === 'string') return value
  return inspect(value, { depth: 4, breakLength: Infinity })
}

/**
 * A scoped logger. Every line passes through `scrubSecrets` before any sink sees it, so a secret
 * that slips into a message or a field (even inside an error from a library) is redacted.
 */
export function createLogger(scope: string): Logger {
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    if (sinks.length === 0 || LEVELS[level] < threshold()) return
    const extra = fields
      ? ' ' +
        Object.entries(fields)
          .map(([k, v]) => `${k}=${render(v)}`)
          .join(' ')
      : ''
    const line = scrubSecrets(
      `${new Date().toISOString()} ${level.toUpperCase()} [${scope}] ${message}${extra}`,
    )
    for (const sink of sinks) sink(line)
  }
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (sub) => createLogger(`${scope}:${sub}`),
  }
}
