import { shell } from 'electron'
import { safeExternalUrl } from '../platform/external-url'

/**
 * The one place the Electron shell hands a URL to the operating system: https links to the sites
 * Till knows (see safeExternalUrl), checked right here. Resolves to whether the link was opened.
 */
export async function openLinkOutside(url: string): Promise<boolean> {
  const safe = safeExternalUrl(url)
  if (safe === null) return false
  await shell.openExternal(safe)
  return true
}
