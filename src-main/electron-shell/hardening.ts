import { app, session, type WebContents } from 'electron'
import type { Logger } from '../logging/logger'
import { openLinkOutside } from './open-external'

/** True for the app's own pages: app://till/ in a build, the dev server in `electron-vite dev`. */
export function isAppUrl(candidate: string, devServerUrl: string | undefined): boolean {
  try {
    const url = new URL(candidate)
    if (url.protocol === 'app:' && url.host === 'till') return true
    return devServerUrl !== undefined && url.origin === new URL(devServerUrl).origin
  } catch {
    return false
  }
}

/**
 * Rules for every web contents Till creates: no navigation away from the app, no new windows
 * (web links go to the system browser after a check), no webviews, no permissions.
 */
export function hardenWebContents(log: Logger, devServerUrl: string | undefined): void {
  const openOutside = (url: string): void => {
    void openLinkOutside(url).then((opened) => {
      if (!opened) log.warn('blocked a link', { url: url.slice(0, 200) })
    })
  }
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (isAppUrl(url, devServerUrl)) return
      event.preventDefault()
      openOutside(url)
    })
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url, devServerUrl)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      openOutside(url)
      return { action: 'deny' }
    })
  })
}

export function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  )
  session.defaultSession.setPermissionCheckHandler(() => false)
}
