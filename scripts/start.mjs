// `npm start`: builds Till, then opens it in Electron; where the Electron binary is missing
// (it downloads from outside the npm registry), says so in one line and starts the browser shell.
// `npm run start:browser` (or `--browser`) starts the browser shell on purpose.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const args = process.argv.slice(2)
const wantsBrowser = args.includes('--browser')
const shellArgs = args.filter((a) => a !== '--browser')

function electronBinary() {
  try {
    const path = createRequire(import.meta.url)('electron')
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

const electron = wantsBrowser ? null : electronBinary()
if (!wantsBrowser && !electron) {
  console.log(
    'The Electron binary is not installed here, so Till opens in your browser instead (npm run start:browser).',
  )
}
const [command, commandArgs] = electron
  ? [electron, ['.', ...shellArgs]]
  : [process.execPath, ['out/main/browser-shell.js', ...shellArgs]]
const child = spawn(command, commandArgs, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
