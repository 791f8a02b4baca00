import { join } from 'node:path'
import type { ChannelHandlers } from '../../bridge/dispatcher'
import { ValidationError } from '../../till-errors'
import type { ExportFiles } from './export-files'
import type { ScheduledExportStore } from './scheduled-export-store'

type ExportChannels =
  | 'exports.open'
  | 'exports.write'
  | 'exports.finish'
  | 'exports.abort'
  | 'exports.schedule.get'
  | 'exports.schedule.save'
  | 'exports.schedule.chooseFolder'
  | 'exports.schedule.recordRun'

export interface ExportDialogs {
  /** The path chosen to save `suggestedName` at, or null when the dialog was closed. */
  saveFile(suggestedName: string): Promise<string | null>
  chooseFolder(): Promise<string | null>
}

export interface ExportDeps {
  exportFiles: ExportFiles
  scheduledExports: ScheduledExportStore
  /** Save and folder dialogs; absent in the browser shell, which downloads instead. */
  exportDialogs: ExportDialogs | undefined
}

export function exportHandlers({
  exportFiles,
  scheduledExports,
  exportDialogs,
}: ExportDeps): Pick<ChannelHandlers, ExportChannels> {
  return {
    'exports.open': async ({ target }) => {
      if (target.kind === 'scheduled') {
        const folder = await scheduledExports.folderFor(target.profileId)
        return {
          handle: await exportFiles.start(join(folder, target.name), { resolved: true }),
        }
      }
      if (!exportDialogs)
        throw new ValidationError('This window has no save dialog: the export downloads instead.')
      const path = await exportDialogs.saveFile(target.suggestedName)
      return { handle: path === null ? null : await exportFiles.start(path) }
    },
    'exports.write': ({ handle, part, text }) => exportFiles.write(handle, part, text),
    'exports.finish': ({ handle }) => exportFiles.finish(handle),
    'exports.abort': ({ handle }) => exportFiles.abort(handle),
    'exports.schedule.get': ({ profileId }) => scheduledExports.get(profileId),
    'exports.schedule.save': ({ profileId, settings, watermark }) =>
      scheduledExports.save(profileId, settings, watermark),
    'exports.schedule.recordRun': ({ profileId, run, watermark }) =>
      scheduledExports.recordRun(profileId, run, watermark),
    'exports.schedule.chooseFolder': async () => {
      if (!exportDialogs)
        throw new ValidationError('This window has no folder dialog: type the folder’s full path.')
      const folder = await exportDialogs.chooseFolder()
      if (folder !== null) await scheduledExports.rememberChosen(folder)
      return { folder }
    },
  }
}
