import { writeFile } from 'node:fs/promises'
import { dialog, type BrowserWindow } from 'electron'
import { PRIVATE_FILE_MODE } from '../platform/private-files'

/** "Save as PDF": the page in its print layout, written where the person chooses. */
export function pdfSaver(
  window: () => BrowserWindow | null,
): (suggestedName: string) => Promise<boolean> {
  return async (suggestedName) => {
    const target = window()
    if (!target) return false
    const { canceled, filePath } = await dialog.showSaveDialog(target, {
      defaultPath: suggestedName,
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    })
    if (canceled || !filePath) return false
    await writeFile(
      filePath,
      await target.webContents.printToPDF({ pageSize: 'A4', printBackground: false }),
      { mode: PRIVATE_FILE_MODE },
    )
    return true
  }
}
