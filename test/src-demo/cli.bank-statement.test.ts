/** `npm run demo-service -- --bank-statement <format>`: the statement on stdout, read by Till. */

import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readStatement } from '../../src-renderer/deposits/rules/statements/read-statement'

const CLI = fileURLToPath(new URL('../../src-demo/cli.ts', import.meta.url))

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

describe('demo-service --bank-statement', () => {
  it('prints the MT940 statement of the shop it would serve, and exits', async () => {
    const { code, stdout } = await run([
      '--seed',
      '7',
      '--days',
      '8',
      '--locations',
      '1',
      '--bills-per-session',
      '6',
      '--now',
      '2026-11-27T13:00:00Z',
      '--bank-statement',
      'mt940',
    ])
    expect(code).toBe(0)
    const statement = readStatement(stdout, { currency: 'IDR' })
    expect(statement).toMatchObject({ format: 'mt940', currency: 'IDR', accountRef: '0012345678' })
    expect(statement.lines.length).toBeGreaterThan(5)
    expect(
      statement.lines.every(
        (line) => line.id.startsWith('DB2026111') || line.id.startsWith('DB2026112'),
      ),
    ).toBe(true)
  }, 60_000)

  it('refuses a format it does not write', async () => {
    const { code, stderr } = await run(['--bank-statement', 'pdf'])
    expect(code).toBe(2)
    expect(stderr).toContain('--bank-statement expects one of csv, camt053, mt940')
  }, 60_000)
})
