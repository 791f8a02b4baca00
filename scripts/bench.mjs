// `npm run bench`: builds the app (unless TILL_SKIP_BUILD), then runs the benchmark suite
// (test/bench/main.ts) inside a throwaway keyring on Linux, as the browser shell keeps its keys
// in one. Options: --quick (smaller sizes), --only <figure ids, comma-separated>.
import { spawnSync } from 'node:child_process'

if (process.platform === 'linux' && !process.env.TILL_IN_KEYRING) {
  const { status } = spawnSync(
    'bash',
    ['scripts/with-keyring.sh', process.execPath, 'scripts/bench.mjs', ...process.argv.slice(2)],
    { stdio: 'inherit' },
  )
  process.exit(status ?? 1)
}

if (!process.env.TILL_SKIP_BUILD) {
  const built = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const { status, signal } = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'test/bench/main.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
if (signal) console.error(`bench: the suite was stopped by ${signal}`)
process.exit(status ?? 1)
