import { z } from 'zod'
import { profileId } from './connections'

/**
 * Export files written by main: the renderer opens a file (through a save dialog, or in the
 * folder of a scheduled export), sends its text in chunks, then finishes it (the file appears
 * under its name) or aborts it (nothing is left). And the scheduled export's settings per
 * connection, kept by main with the folder it writes into.
 */

/** A chunk's text at most: with UTF-8 at three bytes a character it stays under 1 MiB a call. */
export const MAX_EXPORT_CHUNK_CHARS = 256 * 1024
/** Xero parts of 300 lines: far more than a real export needs, few enough to bound open files. */
const MAX_EXPORT_PARTS = 10_000

const exportFileName = z
  .string()
  .regex(
    /^[\w .()-]{1,160}\.(csv|journal|beancount|jsonl)$/,
    'A file name of letters, digits, spaces and . ( ) - _ ending in .csv, .journal, .beancount or .jsonl',
  )

/** 32 random bytes, base64url: only the page that opened the file knows it. */
export const exportHandle = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an export file handle')

export const exportOpenInput = z.object({
  target: z.discriminatedUnion('kind', [
    /** Ask where, with a save dialog (Electron). */
    z.object({ kind: z.literal('dialog'), suggestedName: exportFileName }),
    /** Into the folder of this connection's scheduled export. */
    z.object({ kind: z.literal('scheduled'), profileId, name: exportFileName }),
  ]),
})
export type ExportOpenInput = z.infer<typeof exportOpenInput>

export const exportOpenOutput = z.object({
  /** Null when the person closed the dialog without choosing. */
  handle: exportHandle.nullable(),
})

export const exportWriteInput = z.object({
  handle: exportHandle,
  part: z.number().int().min(1).max(MAX_EXPORT_PARTS),
  text: z.string().max(MAX_EXPORT_CHUNK_CHARS),
})

export const exportFinishOutput = z.object({
  folder: z.string(),
  /** The file names made, one per part. */
  files: z.array(z.string()),
})

/** The name of part `part` of `parts`: the name itself for a single file, else `-part-<n>`. */
export function partFileName(name: string, part: number, parts: number): string {
  if (parts <= 1) return name
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? `${name}-part-${part}` : `${name.slice(0, dot)}-part-${part}${name.slice(dot)}`
}

const journalFormat = z.enum(['journal-csv', 'xero', 'quickbooks', 'beancount', 'ledger'])

const scheduleTrigger = z.discriminatedUnion('kind', [
  /** When a register session closes (the day-close trigger). */
  z.object({ kind: z.literal('session-close') }),
  /** Every night at this time on this PC's clock. */
  z.object({
    kind: z.literal('nightly'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day as HH:MM'),
  }),
])

const scheduledExportSettings = z.object({
  enabled: z.boolean(),
  trigger: scheduleTrigger,
  what: journalFormat,
  /** The destination's id (its granularity is its own); the format's own when absent. */
  destinationId: z.string().min(1).max(100).optional(),
  /** An existing folder main may write into. */
  folder: z.string().min(1, 'Choose a folder').max(1024),
})
export type ScheduledExportSettings = z.infer<typeof scheduledExportSettings>

/** What triggers have been acted on, so none is acted on twice. */
const scheduleWatermark = z.object({
  /** The latest session close handled (the service's clock, epoch milliseconds). */
  closedAt: z.number().nullable(),
  /** When the latest nightly run was due (this PC's clock, ISO 8601). */
  nightlyAt: z.string().nullable(),
})
export type ScheduleWatermark = z.infer<typeof scheduleWatermark>

const scheduledExportRun = z.object({
  at: z.string(),
  ok: z.boolean(),
  message: z.string().max(1000),
  files: z.array(z.string()).max(MAX_EXPORT_PARTS),
  entries: z.number().int().nonnegative(),
  /** The last business date the run covered; the next starts no later than that. */
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
})
export type ScheduledExportRun = z.infer<typeof scheduledExportRun>

export const scheduledExportState = z.object({
  settings: scheduledExportSettings.nullable(),
  watermark: scheduleWatermark,
  lastRun: scheduledExportRun.nullable(),
  /** The last run that wrote its files (or found nothing new). */
  lastSuccess: scheduledExportRun.nullable(),
})
export type ScheduledExportState = z.infer<typeof scheduledExportState>

export const saveScheduleInput = z.object({
  profileId,
  settings: scheduledExportSettings,
  watermark: scheduleWatermark,
})

export const recordScheduledRunInput = z.object({
  profileId,
  run: scheduledExportRun,
  watermark: scheduleWatermark,
})
