import { constants } from 'node:fs'
import { access, realpath, stat } from 'node:fs/promises'
import { isAbsolute, join, normalize, relative, sep } from 'node:path'
import { z } from 'zod'
import {
  scheduledExportState,
  type ScheduleWatermark,
  type ScheduledExportRun,
  type ScheduledExportSettings,
  type ScheduledExportState,
} from '../../../src-shared/bridge/schemas/exports'
import { NotFoundError, ValidationError } from '../../till-errors'
import type { Logger } from '../../logging/logger'
import { JsonFile } from '../../platform/json-file'

const EMPTY: ScheduledExportState = {
  settings: null,
  watermark: { closedAt: null, nightlyAt: null },
  lastRun: null,
  lastSuccess: null,
}

const chosenFolders = z.object({ version: z.literal(1), folders: z.array(z.string()) })

/**
 * Each connection's scheduled export, in the data folder: its settings, the triggers it has
 * acted on, its last run. Main keeps the folder, checks it when it is saved and again before
 * every file, and writes only there: the page names a connection, never a path. A folder is
 * inside the home folder (symlinks resolved), or one a folder dialog chose: a typed path (the
 * browser shell's) cannot aim an export at `/etc`.
 */
export class ScheduledExportStore {
  private readonly file: JsonFile<Record<string, ScheduledExportState>>
  /** Folders a person chose in a folder dialog, resolved; kept across launches. */
  private readonly chosen: JsonFile<z.infer<typeof chosenFolders>>
  /** Changes one after another: each reads the file the last one wrote. */
  private changes: Promise<unknown> = Promise.resolve()

  constructor(
    dataDir: string,
    log: Logger,
    private readonly homeDir: string,
  ) {
    this.file = new JsonFile(
      join(dataDir, 'scheduled-exports.json'),
      z.record(z.string(), scheduledExportState),
      () => ({}),
      log,
    )
    this.chosen = new JsonFile(
      join(dataDir, 'export-folders-chosen.json'),
      chosenFolders,
      () => ({ version: 1, folders: [] }),
      log,
    )
  }

  /** Records a folder a folder dialog gave (never one the page typed). */
  async rememberChosen(path: string): Promise<void> {
    const folder = await realpath(path)
    await this.serial(async () => {
      const doc = await this.chosen.read()
      if (!doc.folders.includes(folder))
        await this.chosen.write({ ...doc, folders: [...doc.folders, folder] })
    })
  }

  async get(profileId: string): Promise<ScheduledExportState> {
    return (await this.file.read())[profileId] ?? EMPTY
  }

  async save(
    profileId: string,
    settings: ScheduledExportSettings,
    watermark: ScheduleWatermark,
  ): Promise<ScheduledExportState> {
    const folder = await this.allowedFolder(settings.folder)
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
    return this.allowedFolder(settings.folder)
  }

  /** The folder, resolved and checked, when it is inside the home folder or a dialog chose it. */
  private async allowedFolder(path: string): Promise<string> {
    const folder = await checkFolder(path)
    const home = await realpath(this.homeDir)
    const inHome = relative(home, folder)
    if (inHome === '' || (!inHome.startsWith(`..${sep}`) && inHome !== '..' && !isAbsolute(inHome)))
      return folder
    if ((await this.chosen.read()).folders.includes(folder)) return folder
    throw new ValidationError(
      `“${path}”${folder === normalize(path) ? '' : ` (which leads to “${folder}”)`} is not inside your home folder (${home}). Type a folder inside your home folder, or choose one with “Choose folder…” in the desktop app.`,
    )
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

/**
 * An absolute path to an existing folder this process may write into, with its symlinks
 * resolved, or a clear refusal.
 */
async function checkFolder(path: string): Promise<string> {
  if (!isAbsolute(path))
    throw new ValidationError(`“${path}” is not a full path: start it at the top of the disk.`)
  let folder: string
  let isFolder: boolean
  try {
    folder = await realpath(normalize(path))
    isFolder = (await stat(folder)).isDirectory()
  } catch {
    throw new ValidationError(`There is no folder “${normalize(path)}”.`)
  }
  if (!isFolder) throw new ValidationError(`“${folder}” is a file, not a folder.`)
  try {
    await access(folder, constants.W_OK)
  } catch {
    throw new ValidationError(`Till may not write into “${folder}”.`)
  }
  return folder
}
