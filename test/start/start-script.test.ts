import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { expect, it } from 'vitest'

const ROOT = join(__dirname, '../..')

it('npm start says in one line that Electron is missing and starts the browser shell', async () => {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-open', '--port', '0'], {
    cwd: ROOT,
    // An empty override folder stands for "no Electron binary", whatever this machine has.
    env: {
      ...process.env,
      TILL_SKIP_BUILD: '1',
      TILL_DATA_DIR: mkdtempSync(join(tmpdir(), 'till-start-')),
      ELECTRON_OVERRIDE_DIST_PATH: mkdtempSync(join(tmpdir(), 'no-electron-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no address printed:\n${lines.join('\n')}`)),
        60_000,
      )
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${lines.join('\n')}`)))
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
  const notice = lines.filter((l) => /Electron/.test(l))
  expect(notice).toEqual([
    'The Electron binary is not installed here, so Till opens in your browser instead (npm run start:browser).',
  ])
  expect(lines.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{20,}$/)
  const { origin } = new URL(lines.at(-1)!)
  expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
}, 90_000)
