import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Page } from '@playwright/test'

/** What the shell saved about its connections (profiles.json); never secrets. */
export function savedProfiles(
  shell: RunningBrowserShell,
): Array<{ id: string; baseUrl: string; storeId: string }> {
  return (
    JSON.parse(readFileSync(join(shell.dataDir, 'profiles.json'), 'utf8')) as {
      profiles: Array<{ id: string; baseUrl: string; storeId: string }>
    }
  ).profiles
}

export interface RunningBrowserShell {
  /** The printed address, with the launch token: good for one exchange (see `session`). */
  url: string
  origin: string
  token: string
  /**
   * The session cookie (`name=value`) the launch token was traded for, by the test process on
   * first need. Tests share it with each browser context they open (`openTill`), since the token
   * opens one browser only.
   */
  session(): Promise<string>
  dataDir: string
  keychainService: string
  output: () => string
  stop(): Promise<void>
}

const ROOT = join(__dirname, '..', '..')

/**
 * Starts the built browser shell on a free loopback port with its own data folder and keychain
 * service name, and resolves once it prints its address.
 */
export async function startBrowserShell(
  env: Record<string, string> = {},
): Promise<RunningBrowserShell> {
  const dataDir = mkdtempSync(join(tmpdir(), 'till-e2e-'))
  // The webhook receiver on a free port, so shells started by tests never collide.
  writeFileSync(
    join(dataDir, 'webhook-receiver.json'),
    JSON.stringify({ host: '127.0.0.1', port: 0, path: '/webhooks' }),
  )
  const keychainService = `till-test-${process.pid}-${Date.now()}`
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'out/main/browser-shell.js'), '--port', '0', '--no-open'],
    {
      env: {
        ...process.env,
        TILL_DATA_DIR: dataDir,
        TILL_KEYCHAIN_SERVICE: keychainService,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`browser shell did not start:\n${output}`)),
      20_000,
    )
    child.once('exit', (code) => reject(new Error(`browser shell exited with ${code}:\n${output}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += line + '\n'
      if (/^http:\/\/127\.0\.0\.1:\d+\/#token=/.test(line)) {
        clearTimeout(timer)
        resolve(line.trim())
      }
    })
  })
  const parsed = new URL(url)
  const token = parsed.hash.replace('#token=', '')
  let session: Promise<string> | null = null
  return {
    url,
    origin: parsed.origin,
    token,
    session: () =>
      (session ??= fetch(`${parsed.origin}/bridge/session`, {
        method: 'POST',
        headers: { 'X-Till-Token': token },
      }).then((response) => {
        const cookie = response.headers.get('set-cookie')?.split(';')[0]
        if (response.status !== 204 || !cookie)
          throw new Error(`the launch token was refused (HTTP ${response.status})`)
        return cookie
      })),
    dataDir,
    keychainService,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Opens Till in this page's browser context, signed in with the test process's session. */
export async function openTill(
  page: Page,
  shell: RunningBrowserShell,
  options: { waitUntil?: 'commit' | 'load' } = {},
): Promise<void> {
  const [name, value] = (await shell.session()).split('=') as [string, string]
  await page
    .context()
    .addCookies([{ name, value, url: shell.origin, httpOnly: true, sameSite: 'Strict' }])
  await page.goto(`${shell.origin}/`, options)
}
