import { dialog, type BrowserWindow } from 'electron'
import type { ExportDialogs } from '../features/exports/export-handlers'

const FILTERS: Record<string, Electron.FileFilter> = {
  csv: { name: 'CSV', extensions: ['csv'] },
  journal: { name: 'hledger / ledger journal', extensions: ['journal'] },
  beancount: { name: 'beancount', extensions: ['beancount'] },
  jsonl: { name: 'Till records backup', extensions: ['jsonl'] },
}

/** The save dialog for an export file and the folder dialog for a scheduled export. */
export function exportDialogs(window: () => BrowserWindow | null): ExportDialogs {
  return {
    saveFile: async (suggestedName) => {
      const target = window()
      if (!target) return null
      const extension = suggestedName.slice(suggestedName.lastIndexOf('.') + 1)
      const filter = FILTERS[extension]
      const { canceled, filePath } = await dialog.showSaveDialog(target, {
        defaultPath: suggestedName,
        filters: filter ? [filter] : [],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      })
      return canceled || !filePath ? null : filePath
    },
    chooseFolder: async () => {
      const target = window()
      if (!target) return null
      const { canceled, filePaths } = await dialog.showOpenDialog(target, {
        properties: ['openDirectory', 'createDirectory'],
      })
      return canceled ? null : (filePaths[0] ?? null)
    },
  }
}
