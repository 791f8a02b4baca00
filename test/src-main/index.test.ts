import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import Module from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createElectronStandIn } from './electron-stand-in'

const MAIN_BUNDLE = join(__dirname, '../../out/main/index.js')

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown

/**
 * Loads the built main bundle (run `npm run build` first; `npm test` does) with `electron`
 * replaced by a recording stand-in, and checks what the Electron shell set up.
 */
describe('built Electron main bundle', () => {
  const { electron, recorded } = createElectronStandIn(
    mkdtempSync(join(tmpdir(), 'till-electron-')),
  )

  beforeAll(async () => {
    // A tiny demo shop: the shell starts demo mode when it finds no connection.
    process.env.TILL_DEMO_OPTIONS = JSON.stringify({ days: 1, locations: 1, billsPerSession: 5 })
    if (!existsSync(MAIN_BUNDLE))
      throw new Error('out/main/index.js is missing: run `npm run build` first')
    const moduleInternals = Module as unknown as { _load: Loader }
    const originalLoad = moduleInternals._load
    moduleInternals._load = function (request, parent, isMain) {
      return request === 'electron' ? electron : originalLoad.call(this, request, parent, isMain)
    }
    try {
      Module.createRequire(__filename)(MAIN_BUNDLE)
    } finally {
      moduleInternals._load = originalLoad
    }
    for (let i = 0; i < 50 && recorded.windows.length === 0; i++)
      await new Promise((r) => setTimeout(r, 20))
  })

  it('creates one window with the secure webPreferences and an existing preload', () => {
    expect(recorded.windows).toHaveLength(1)
    const prefs = recorded.windows[0]!.options.webPreferences
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
    expect(existsSync(prefs.preload)).toBe(true)
    expect(recorded.sandboxEnabled).toBe(true)
    expect(recorded.singleInstanceLockRequested).toBe(true)
  })

  it('serves the app from the app:// protocol, not file://, with the CSP', async () => {
    expect(recorded.windows[0]!.loadedUrl).toBe('app://till/index.html')
    expect(recorded.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ])
    const handler = recorded.protocolHandlers.get('app')!
    const page = await handler(new Request('app://till/index.html'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect((await handler(new Request('app://till/../../package.json'))).status).toBe(404)
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404)
  })

  it('blocks navigation away from the app and new windows; web links go to the system browser after a check', () => {
    const contents = recorded.windows[0]!.contents
    const navigate = (url: string): boolean => {
      let prevented = false
      contents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url)
      return prevented
    }
    expect(navigate('https://evil.example/')).toBe(true)
    expect(navigate('file:///etc/passwd')).toBe(true)
    expect(navigate('app://till/index.html#/bills')).toBe(false)
    expect(contents.windowOpenHandler!({ url: 'https://help.example/till' })).toEqual({
      action: 'deny',
    })
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: 'https://hledger.org/journal.html' })).toEqual({
      action: 'deny',
    })
    // Only https links to the sites Till knows leave the app (issue 27, 7).
    expect(recorded.openedExternally).toEqual(['https://hledger.org/journal.html'])
    let webviewPrevented = false
    contents.emit('will-attach-webview', { preventDefault: () => (webviewPrevented = true) })
    expect(webviewPrevented).toBe(true)
  })

  it('denies every permission request', () => {
    const answers: boolean[] = []
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      recorded.permissionRequestHandler!({}, permission, (granted) => answers.push(granted))
    }
    expect(answers).toEqual([false, false, false, false])
    expect(recorded.permissionCheckHandler!()).toBe(false)
  })

  it('registers one IPC handler per channel, and refuses calls from a foreign or nested frame', async () => {
    const { channelNames } = await import('../../src-shared/bridge/contract')
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual(
      channelNames.map((c) => `till:call:${c}`).sort(),
    )
    const handler = recorded.ipcHandlers.get('till:call:app.info')!
    const fromApp = await handler(
      { senderFrame: { url: 'app://till/index.html', parent: null } },
      undefined,
    )
    expect(fromApp).toMatchObject({ ok: true, value: { name: 'Till', shell: 'electron' } })
    const foreign = await handler(
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      undefined,
    )
    expect(foreign).toMatchObject({ ok: false, error: { kind: 'auth' } })
    const nested = await handler(
      { senderFrame: { url: 'app://till/index.html', parent: {} } },
      undefined,
    )
    expect(nested).toMatchObject({ ok: false, error: { kind: 'auth' } })
    const malformed = await recorded.ipcHandlers.get('till:call:profiles.delete')!(
      { senderFrame: { url: 'app://till/index.html', parent: null } },
      { id: 42 },
    )
    expect(malformed).toMatchObject({ ok: false, error: { kind: 'validation' } })
  })

  it('saves the page as a PDF through a save dialog, for the Day close screen', async () => {
    const call = (channel: string, input: unknown) =>
      recorded.ipcHandlers.get(`till:call:${channel}`)!(
        { senderFrame: { url: 'app://till/index.html', parent: null } },
        input,
      )
    expect(await call('app.info', undefined)).toMatchObject({
      ok: true,
      value: { canSavePdf: true },
    })
    expect(await call('print.savePdf', { suggestedName: 'Day close 101 2026-11-20.pdf' })).toEqual({
      ok: true,
      value: { saved: true },
    })
    expect(readFileSync(recorded.pdfPath, 'utf8')).toBe('%PDF-1.4 stand-in')
    expect(await call('print.savePdf', { suggestedName: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
  })
})
