import { shell } from 'electron'
import { isSafeExternalUrl } from '../platform/external-url'

/**
 * The one place the Electron shell hands a URL to the operating system: plain http(s) links
 * without credentials, checked right here. Resolves to whether the link was opened.
 */
export async function openLinkOutside(url: string): Promise<boolean> {
  if (!isSafeExternalUrl(url)) return false
  await shell.openExternal(url)
  return true
}
