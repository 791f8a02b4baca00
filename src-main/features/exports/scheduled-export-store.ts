import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { isAbsolute, join, normalize } from 'node:path'
import { z } from 'zod'
import {
  scheduledExportState,
  type ScheduleWatermark,
  type ScheduledExportRun,
  type ScheduledExportSettings,
  type ScheduledExportState,
} from '../../../src-shared/bridge/schemas/exports'
import { NotFoundError, ValidationError } from '../../errors'
import type { Logger } from '../../logging/logger'
import { JsonFile } from '../../platform/json-file'

const EMPTY: ScheduledExportState = {
  settings: null,
  watermark: { closedAt: null, nightlyAt: null },
  lastRun: null,
  lastSuccess: null,
}

/**
 * Each connection's scheduled export, in the data folder: its settings, the triggers it has
 * acted on, its last run. Main keeps the folder, checks it when it is saved and again before
 * every file, and writes only there: the page names a connection, never a path.
 */
export class ScheduledExportStore {
  private readonly file: JsonFile<Record<string, ScheduledExportState>>
  /** Changes one after another: each reads the file the last one wrote. */
  private changes: Promise<unknown> = Promise.resolve()

  constructor(dataDir: string, log: Logger) {
    this.file = new JsonFile(
      join(dataDir, 'scheduled-exports.json'),
      z.record(z.string(), scheduledExportState),
      () => ({}),
      log,
    )
  }

  async get(profileId: string): Promise<ScheduledExportState> {
    return (await this.file.read())[profileId] ?? EMPTY
  }

  async save(
    profileId: string,
    settings: ScheduledExportSettings,
    watermark: ScheduleWatermark,
  ): Promise<ScheduledExportState> {
    const folder = await checkFolder(settings.folder)
    return this.update(profileId, (state) => ({
      ...state,
      settings: { ...settings, folder },
      watermark,
    }))
  }

  async recordRun(
    profileId: string,
    run: ScheduledExportRun,
    watermark: ScheduleWatermark,
  ): Promise<ScheduledExportState> {
    return this.update(profileId, (state) => ({
      ...state,
      watermark,
      lastRun: run,
      lastSuccess: run.ok ? run : state.lastSuccess,
    }))
  }

  /** The folder to write the connection's scheduled export into, checked now. */
  async folderFor(profileId: string): Promise<string> {
    const { settings } = await this.get(profileId)
    if (!settings?.enabled) throw new NotFoundError('This connection has no scheduled export on.')
    return checkFolder(settings.folder)
  }

  private update(
    profileId: string,
    change: (state: ScheduledExportState) => ScheduledExportState,
  ): Promise<ScheduledExportState> {
    return this.serial(async () => {
      const all = await this.file.read()
      const next = change(all[profileId] ?? EMPTY)
      all[profileId] = next
      await this.file.write(all)
      return next
    })
  }

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.changes.then(step)
    this.changes = next.catch(() => undefined)
    return next
  }
}

/** An absolute path to an existing folder this process may write into, or a clear refusal. */
export async function checkFolder(path: string): Promise<string> {
  if (!isAbsolute(path))
    throw new ValidationError(`“${path}” is not a full path: start it at the top of the disk.`)
  const folder = normalize(path)
  let isFolder: boolean
  try {
    isFolder = (await stat(folder)).isDirectory()
  } catch {
    throw new ValidationError(`There is no folder “${folder}”.`)
  }
  if (!isFolder) throw new ValidationError(`“${folder}” is a file, not a folder.`)
  try {
    await access(folder, constants.W_OK)
  } catch {
    throw new ValidationError(`Till may not write into “${folder}”.`)
  }
  return folder
}
