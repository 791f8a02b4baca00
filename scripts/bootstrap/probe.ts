// Looks at this machine for what the tests need (scripts/bootstrap/plan.ts says what that is).
import { spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { COMMANDS, type Command, type Machine } from './plan'

/** Where keytar's build looks for libsecret (through pkg-config) on Debian and Ubuntu. */
const LIBSECRET_HEADER = '/usr/include/libsecret-1/libsecret/secret.h'

export function probeMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  const commands = Object.fromEntries(
    COMMANDS.map((command) => [command, onPath(command, env)]),
  ) as Record<Command, boolean>
  return {
    platform: process.platform,
    arch: process.arch,
    nodeVersion: process.versions.node,
    commands,
    chromium: hasChromium(env),
    libsecretHeaders: existsSync(LIBSECRET_HEADER),
    keytar: keytarState(),
    privilege: privilege(env),
  }
}

/** As playwright.config.ts chooses it: TILL_CHROMIUM, Playwright's own on request, else Debian's. */
function hasChromium(env: NodeJS.ProcessEnv): boolean {
  if (env.TILL_CHROMIUM) return existsSync(env.TILL_CHROMIUM)
  if (env.TILL_USE_PLAYWRIGHT_CHROMIUM) return true
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((path) => existsSync(path))
}

/**
 * In a process of its own, as Till's main process loads it (src-main/keychain/load-keytar.ts):
 * a require that failed here would be remembered after keytar was installed again.
 */
const KEYTAR_PROBE = `
  try { require.resolve('keytar') } catch { process.exit(2) }
  require('keytar')`

function keytarState(): Machine['keytar'] {
  const { status } = spawnSync(process.execPath, ['-e', KEYTAR_PROBE], {
    cwd: join(__dirname, '../..'),
    stdio: 'ignore',
  })
  return status === 0 ? 'loads' : status === 2 ? 'missing' : 'unloadable'
}

function privilege(env: NodeJS.ProcessEnv): Machine['privilege'] {
  if (process.getuid?.() === 0) return 'root'
  if (!onPath('sudo', env)) return 'none'
  // -n: never asks for a password, so a sudo that would ask answers at once with a failure.
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 5000, env })
  return sudo.status === 0 ? 'sudo' : 'none'
}

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(join(dir, command), constants.X_OK)
        return true
      } catch {
        return false
      }
    })
}
