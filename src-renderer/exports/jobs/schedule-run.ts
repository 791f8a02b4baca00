import type {
  ProfileView,
  ScheduleWatermark,
  ScheduledExportRun,
  ScheduledExportState,
} from '../../../src-shared/bridge/contract'
import { businessDate } from '../../../src-shared/domain/business-date'
import type { TillBridge } from '../../bridge/bridge-client'
import type { TillDatabase } from '../../database/database'
import { openMainFile } from './file-sinks'
import { journalExportFile } from './export-file'
import { readDestinationMapping } from './account-mapping'
import { readDestination } from '../tables/destinations'
import { writeToSink } from './file-sinks'
import { nothingNew, runExport } from './run-export'
import type { SharedExportCommit } from './export-options'
import { scheduledRange } from './schedule-trigger'
import { CURRENCY_UNKNOWN } from '../../format/format-money'

/**
 * One scheduled export: the new entries of the range (see `scheduledRange`) written by main into
 * the connection's folder, and the run recorded with main, with the watermark of the trigger
 * acted on. A failure is recorded too, never thrown: the next trigger tries again.
 */

export interface ScheduledRunOptions {
  bridge: TillBridge
  db: TillDatabase
  profile: ProfileView
  timeZone: string
  state: ScheduledExportState
  watermark: ScheduleWatermark
  now: Date
  /** To shared books: the batch commits there first; behind, the run fails and the next tries again. */
  sharedCommit?: SharedExportCommit
}

export async function runScheduledExport(
  options: ScheduledRunOptions,
): Promise<ScheduledExportState> {
  const { bridge, db, profile, state, now } = options
  const settings = state.settings
  if (!settings) throw new Error('This connection has no scheduled export')
  const range = scheduledRange(businessDate(now.getTime(), options.timeZone), state.lastSuccess)
  let run: ScheduledExportRun
  try {
    if (profile.currency === null) throw new Error(CURRENCY_UNKNOWN)
    const destination = await readDestination(db, settings.destinationId ?? settings.what)
    const exportRange = { ...range, locationId: '' }
    const file = await journalExportFile(db, destination, exportRange)
    const sink = await openMainFile(bridge, {
      kind: 'scheduled',
      profileId: profile.id,
      name: file.name,
    })
    if (!sink) throw new Error('Main opened no file')
    const { result, files } = await writeToSink(
      runExport({
        db,
        what: settings.what,
        range: exportRange,
        destinationId: destination.id,
        file,
        mapping: await readDestinationMapping(db, destination.id),
        timeZone: options.timeZone,
        currency: profile.currency,
        now: () => now,
        sharedCommit: options.sharedCommit,
      }),
      sink,
      nothingNew(settings.what),
    )
    run = {
      at: now.toISOString(),
      ok: true,
      message:
        files.length === 0
          ? `Nothing new to export to ${destination.name}.`
          : `${result.entryCount} entries written to ${files.join(', ')}.`,
      files,
      entries: result.entryCount,
      to: range.to,
    }
  } catch (error) {
    run = {
      at: now.toISOString(),
      ok: false,
      message: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
      files: [],
      entries: 0,
      to: range.to,
    }
  }
  return bridge.call('exports.schedule.recordRun', {
    profileId: profile.id,
    run,
    watermark: options.watermark,
  })
}
