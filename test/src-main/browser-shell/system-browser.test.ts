import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  openInSystemBrowser,
  type BrowserLauncher,
} from '../../../src-main/browser-shell/system-browser'
import { loadKeytar } from '../../../src-main/keychain/load-keytar'
import { createKeychainSecretStore } from '../../../src-main/keychain/secret-store'
import { createServices } from '../../../src-main/services'
import { uniqueKeychainService } from '../../support/keyring'

/** Main's dispatcher with an opener that only records what it was asked to open. */
function mainRecordingLinks() {
  const opened: string[] = []
  const services = createServices({
    dataDir: mkdtempSync(join(tmpdir(), 'till-links-')),
    secrets: createKeychainSecretStore(loadKeytar, uniqueKeychainService()),
    shell: 'browser',
    version: 'test',
    openExternal: async (url) => void opened.push(url),
  })
  const open = async (url: string): Promise<unknown> => {
    const result = await services.dispatch('shell.openExternal', { url })
    return result.ok ? result.value : result.error
  }
  return { open, opened }
}

describe('links handed to the system browser (issue 27, 7)', () => {
  it('opens https links to the sites Till knows, and nothing else', async () => {
    const { open, opened } = mainRecordingLinks()
    for (const refused of [
      'http://hledger.org/journal.html',
      'https://evil.example/',
      'https://hledger.org.evil.example/',
      'https://user:pw@hledger.org/',
      'https://hledger.org:8443/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-msdt:/id PCWDiagnostic',
      'not a url',
    ])
      expect(await open(refused), refused).toEqual({ opened: false })
    expect(await open('https://hledger.org/journal.html#comments')).toEqual({ opened: true })
    expect(await open('https://ledger-cli.org/doc/ledger3.html')).toEqual({ opened: true })
    expect(opened).toEqual([
      'https://hledger.org/journal.html#comments',
      'https://ledger-cli.org/doc/ledger3.html',
    ])
  })

  it('hands the URL over as one argument, never through a shell', async () => {
    const url = 'https://hledger.org/a?x=1&calc.exe&"b"^c'
    const launched = async (platform: NodeJS.Platform) => {
      const calls: { command: string; args: readonly string[]; shell: unknown }[] = []
      const spawn = ((command: string, args: readonly string[], options: { shell?: unknown }) => {
        calls.push({ command, args, shell: options.shell })
        return { on: () => undefined, unref: () => undefined }
      }) as unknown as BrowserLauncher['spawn']
      await openInSystemBrowser(url, { spawn, platform })
      expect(calls, platform).toHaveLength(1)
      return calls[0]!
    }
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const { command, args, shell } = await launched(platform)
      expect(command, platform).not.toMatch(/^(cmd|cmd\.exe|sh|bash|powershell)$/i)
      expect(shell, platform).toBe(false)
      expect(args.at(-1), platform).toBe(url)
      expect(args.slice(0, -1).join(' '), platform).not.toContain(url)
    }
    expect(await launched('win32')).toEqual({
      command: 'rundll32.exe',
      args: ['url.dll,FileProtocolHandler', url],
      shell: false,
    })
  })
})
