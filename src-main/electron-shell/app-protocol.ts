import { protocol } from 'electron'
import { SECURITY_HEADERS } from '../platform/content-security-policy'
import { readRendererFile } from '../platform/static-files'

const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://till`

/** Must run before `app.whenReady`: a standard, secure scheme gets IndexedDB and fetch. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

/** Serves the built renderer from app://till/ with the CSP, instead of file://. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    const file = url.host === 'till' ? await readRendererFile(rendererDir, url.pathname) : null
    if (!file) return new Response('Not found', { status: 404, headers: SECURITY_HEADERS })
    return new Response(new Uint8Array(file.body), {
      headers: { ...SECURITY_HEADERS, 'Content-Type': file.contentType },
    })
  })
}
