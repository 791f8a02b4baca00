import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { noSecrets } from '../support/no-secrets'
import { addLogSink, createLogger } from '../../src-main/logging/logger'
import { createServices } from '../../src-main/services'

let dataDir: string | undefined
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe("main's log", () => {
  it('goes to logs/main.log in the data folder while the services run, and no longer after stop', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'till-main-log-'))
    const services = createServices({
      dataDir,
      secrets: noSecrets,
      shell: 'browser',
      version: 'test',
      openExternal: async () => undefined,
    })
    const log = createLogger('test').child('main-log')
    log.info('while running')
    await services.stop()
    log.info('after stopping')
    const text = await readFile(join(dataDir, 'logs', 'main.log'), 'utf8')
    expect(text).toContain('[test:main-log] while running')
    expect(text).not.toContain('after stopping')
  })

  it('a sink removed twice takes no other sink with it', () => {
    const lines: string[] = []
    const removeKept = addLogSink((line) => lines.push(line))
    const removeOther = addLogSink(() => undefined)
    removeOther()
    removeOther()
    createLogger('test').info('still heard')
    removeKept()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('still heard')
  })
})
