/** The standalone entry (`npm run demo-service`): prints its URL and credentials, stops on a signal. */

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { controlAnswer } from '../support/demo-control'

const CLI = fileURLToPath(new URL('../../src-demo/cli.ts', import.meta.url))

describe('demo-service CLI', () => {
  it('prints URL, store id, app key, webhook secret, control token and the platform’s URL, token and secret one per line, serves, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        CLI,
        '--port',
        '0',
        '--seed',
        '7',
        '--days',
        '2',
        '--store-id',
        'cli-store',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    try {
      const deadline = Date.now() + 20_000
      while (!output.includes('Bills:') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const value = (label: string): string =>
        new RegExp(`^${label}: (\\S+)$`, 'm').exec(output)?.[1] ?? ''
      const url = value('Demo service')
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(value('Store id')).toBe('cli-store')
      expect(value('Webhook secret')).toMatch(/^whsec_/)
      const response = await fetch(`${url}/apps-v1/sales/bills/location/all?limit=1`, {
        headers: { Authorization: `Bearer ${value('App key')}`, 'X-Service-Store': 'cli-store' },
      })
      expect(response.status).toBe(200)
      const state = await controlAnswer(url, value('Control token'), 'GET', '/state')
      expect(state.status).toBe(200)
      expect(value('Platform API')).toBe(`${url}/platform-v1`)
      expect(value('Platform webhook secret')).toMatch(/^whsec_/)
      const stores = await fetch(`${value('Platform API')}/stores`, {
        headers: { Authorization: `Bearer ${value('Platform token')}` },
      })
      expect(stores.status).toBe(200)
    } finally {
      child.kill('SIGTERM')
    }
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(0)
    expect(output).toContain('Demo service stopped.')
  })

  it('explains a bad option and exits with 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--days', 'many'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let errors = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk))
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(2)
    expect(errors).toContain('--days expects a number')
    expect(errors).toContain('Usage: demo-service')
  })
})
