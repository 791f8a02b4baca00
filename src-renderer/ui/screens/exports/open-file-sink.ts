import type { TillBridge } from '../../../bridge/bridge-client'
import type { ChunkSink } from '../../../exports'
import { downloadSink, openMainFile } from '../../../exports'

/** A download: the Blob's object URL and a clicked `<a download>`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * Where a file of Till's goes: in Electron a file main writes, chosen in a save dialog (null if
 * the dialog is closed); in the browser shell a download.
 */
export function openFileSink(
  bridge: TillBridge,
  shell: 'electron' | 'browser',
  name: string,
  type: string,
): Promise<ChunkSink | null> {
  return shell === 'electron'
    ? openMainFile(bridge, { kind: 'dialog', suggestedName: name })
    : Promise.resolve(downloadSink(name, type, saveBlob))
}
