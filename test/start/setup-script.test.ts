import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const SETUP = join(__dirname, '../../scripts/setup.mjs')

/** A folder of stand-in commands, each exiting with the status given; the only PATH the check sees. */
function standIns(commands: Record<string, number>): string {
  const dir = mkdtempSync(join(tmpdir(), 'till-setup-path-'))
  for (const [name, status] of Object.entries(commands)) {
    writeFileSync(join(dir, name), `#!/bin/sh\nexit ${status}\n`)
    chmodSync(join(dir, name), 0o755)
  }
  return dir
}

function check(commands: Record<string, number>) {
  return spawnSync(process.execPath, [SETUP, '--check'], {
    env: { PATH: standIns(commands) },
    encoding: 'utf8',
  })
}

const TOOLCHAIN = { make: 0, 'g++': 0, python3: 0, 'apt-get': 0 }

describe.runIf(process.platform === 'linux')(
  'npm run setup on a fresh Linux machine (issue 14, 9)',
  () => {
    it('stops at once with the one apt-get command when libsecret is missing', () => {
      const result = check({ ...TOOLCHAIN, 'pkg-config': 1 })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('\n  sudo apt-get install libsecret-1-dev\n')
    })

    it('names every missing package in that one command, pkg-config itself missing too', () => {
      const result = check({ 'apt-get': 0 })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(
        '\n  sudo apt-get install libsecret-1-dev build-essential python3\n',
      )
    })

    it('gives the dnf command on a machine with dnf and no apt-get', () => {
      const result = check({ make: 0, 'g++': 0, python3: 0, dnf: 0, 'pkg-config': 1 })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('\n  sudo dnf install libsecret-devel\n')
    })

    it('passes quietly when everything is there', () => {
      const result = check({ ...TOOLCHAIN, 'pkg-config': 0 })
      expect([result.status, result.stderr]).toEqual([0, ''])
    })
  },
)
