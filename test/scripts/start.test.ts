import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { expect, it } from 'vitest'
import { WITHOUT_KEYTAR } from '../support/without-keytar'

const ROOT = join(__dirname, '../..')

/**
 * Runs `npm start`'s script on the built app, with no Electron binary, until the browser shell
 * prints its address; what it printed, on stdout and stderr.
 */
async function startTill(
  env: NodeJS.ProcessEnv = {},
): Promise<{ lines: string[]; errors: string }> {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-open', '--port', '0'], {
    cwd: ROOT,
    // An empty override folder stands for "no Electron binary", whatever this machine has.
    env: {
      ...process.env,
      TILL_SKIP_BUILD: '1',
      TILL_DATA_DIR: mkdtempSync(join(tmpdir(), 'till-start-')),
      ELECTRON_OVERRIDE_DIST_PATH: mkdtempSync(join(tmpdir(), 'no-electron-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no address printed:\n${lines.join('\n')}\n${errors}`)),
        60_000,
      )
      child.once('exit', (code) =>
        reject(new Error(`exited with ${code}:\n${lines.join('\n')}\n${errors}`)),
      )
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line)
        if (line.startsWith('http://127.0.0.1:')) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
  } finally {
    child.kill('SIGTERM')
  }
  return { lines, errors }
}

it('npm start says in one line that Electron is missing and starts the browser shell', async () => {
  const { lines, errors } = await startTill()
  const notice = lines.filter((l) => /Electron/.test(l))
  expect(notice).toEqual([
    'The Electron binary is not installed here (npx install-electron fetches it), so Till opens in your browser instead (npm run start:browser).',
  ])
  expect(errors).not.toContain('keytar')
  expect(lines.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{20,}$/)
  const { origin } = new URL(lines.at(-1)!)
  expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
}, 90_000)

it('npm start without keytar built says how to fix it and starts Till all the same', async () => {
  const { lines, errors } = await startTill({ NODE_OPTIONS: WITHOUT_KEYTAR })
  const [first] = errors.split('\n')
  expect(first).toMatch(/^Till's keychain module \(keytar\) is not built on this machine\. /)
  expect(first).toContain('sudo apt install libsecret-1-dev')
  expect(first).toContain("then npm install in Till's folder")
  expect(lines.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=/)
}, 90_000)
