// `npm start`: builds Till, says how to fix a keychain module that would not load, then opens Till
// in Electron; where the Electron binary is missing (npm install does not fetch it: it comes from
// GitHub, outside the npm registry), says so in one line and starts the browser shell.
// `npm run start:browser` (or `--browser`) starts the browser shell on purpose.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'

const args = process.argv.slice(2)
const wantsBrowser = args.includes('--browser')
const shellArgs = args.filter((a) => a !== '--browser')

// Reads where the electron package put its binary without requiring it: requiring it would try
// to download the binary, which is what cannot happen here.
function electronBinary() {
  try {
    const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
    const pathFile = join(packageDir, 'path.txt')
    const binary = process.env.ELECTRON_OVERRIDE_DIST_PATH
      ? join(
          process.env.ELECTRON_OVERRIDE_DIST_PATH,
          existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron',
        )
      : existsSync(pathFile) && join(packageDir, 'dist', readFileSync(pathFile, 'utf8'))
    return binary && existsSync(binary) ? binary : null
  } catch {
    return null
  }
}

// TILL_SKIP_BUILD=1 reuses out/ as it is (tests that run beside others reading out/).
if (!process.env.TILL_SKIP_BUILD) {
  const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// Where keytar could not be built (it is optional), this prints the one line that fixes it; Till
// starts all the same, the demo shop running without a keychain.
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-keychain-module.ts'], {
  stdio: 'inherit',
})

const electron = wantsBrowser ? null : electronBinary()
if (!wantsBrowser && !electron) {
  console.log(
    'The Electron binary is not installed here (npx install-electron fetches it), so Till opens in your browser instead (npm run start:browser).',
  )
}
const [command, commandArgs] = electron
  ? [electron, ['.', ...shellArgs]]
  : [process.execPath, ['out/main/browser-shell.js', ...shellArgs]]
const child = spawn(command, commandArgs, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
