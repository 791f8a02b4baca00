import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { WITHOUT_KEYTAR } from '../support/without-keytar'

const ROOT = join(__dirname, '../..')

it('the keychain-module check passes quietly where keytar loads', () => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/check-keychain-module.ts'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  expect([result.status, result.stderr]).toEqual([0, ''])
})

it('npm test without keytar built stops at once with the one line that fixes it', () => {
  const result = spawnSync(process.execPath, ['scripts/test.mjs'], {
    cwd: ROOT,
    // An empty PATH too: had the check let the run go on, its next step could not even start.
    env: { NODE_OPTIONS: WITHOUT_KEYTAR, PATH: '' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(result.status).toBe(1)
  const [line, ...rest] = result.stderr.split('\n')
  expect(line).toMatch(/^Till's keychain module \(keytar\) is not built on this machine\. /)
  expect(line).toContain('sudo apt install libsecret-1-dev')
  expect(line).toContain('then npm rebuild keytar')
  expect(rest).toEqual([''])
  expect(result.stdout).toBe('\n0 passed, 1 failed\n')
})
