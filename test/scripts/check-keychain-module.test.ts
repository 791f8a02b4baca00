import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { WITHOUT_KEYTAR } from '../support/without-keytar'

const ROOT = join(__dirname, '../..')
/** This environment without what says the bootstrap has run: within npm test, it has. */
const {
  TILL_BOOTSTRAPPED: _bootstrapped,
  TILL_IN_KEYRING: _inKeyring,
  ...outsideNpmTest
} = process.env

it('the keychain-module check passes quietly where keytar loads', () => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/check-keychain-module.ts'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  expect([result.status, result.stderr]).toEqual([0, ''])
})

it('npm test where keytar was not built installs it again with npm install, and nothing else', () => {
  // --bootstrap-plan: the bootstrap says what it would run, and runs nothing.
  const result = spawnSync(process.execPath, ['scripts/test.mjs', '--bootstrap-plan'], {
    cwd: ROOT,
    env: { ...outsideNpmTest, NODE_OPTIONS: WITHOUT_KEYTAR },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect([result.status, result.stderr]).toEqual([0, ''])
  const [summary, ...rest] = result.stdout.split('\n')
  expect(summary).toMatch(
    /^npm test first installs keytar, the keychain module, again \(npm install\)[;.]/,
  )
  expect(rest).toEqual(['would run: npm install --no-audit --no-fund', ''])
})

it('npm test where the Debian packages are missing and cannot be installed stops at once, naming them', () => {
  const result = spawnSync(process.execPath, ['scripts/test.mjs'], {
    cwd: ROOT,
    // An empty PATH: none of the tests' commands, no apt-get, and had the bootstrap let the run go
    // on, its next step could not even start.
    env: { PATH: '' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toBe(
    "npm test needs dbus-x11 (dbus-run-session), gnome-keyring (gnome-keyring-daemon), hledger, ledger, beancount (bean-check), poppler-utils (pdftotext) (Debian's names for them): install them with this system's package manager, then run npm test again.\n",
  )
  expect(result.stdout).toBe('\n0 passed, 1 failed\n')
})
