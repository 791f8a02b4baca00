import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { noSecrets } from '../../support/no-secrets'
import { addLogSink, createLogger } from '../../../src-main/logging/logger'
import { createServices } from '../../../src-main/services'

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

  it('is private, as is every file main writes into the data folder (issue 14, 7)', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'till-main-log-'))
    // A log left by an older Till, readable by everyone.
    await mkdir(join(dataDir, 'logs'), { mode: 0o755 })
    await chmod(join(dataDir, 'logs'), 0o755)
    await writeFile(join(dataDir, 'logs', 'main.log'), 'older line\n', { mode: 0o644 })
    await chmod(join(dataDir, 'logs', 'main.log'), 0o644)
    const services = createServices({
      dataDir: join(dataDir, 'nested', 'Till'),
      secrets: noSecrets,
      shell: 'browser',
      version: 'test',
      openExternal: async () => undefined,
    })
    const legacy = createServices({
      dataDir,
      secrets: noSecrets,
      shell: 'browser',
      version: 'test',
      openExternal: async () => undefined,
    })
    createLogger('test').info('a line')
    await services.dispatch('webhooks.configure', { host: '127.0.0.1', port: 0, path: '/hooks' })
    await services.stop()
    await legacy.stop()
    const mode = async (path: string) => (await stat(path)).mode & 0o777
    for (const root of [join(dataDir, 'nested', 'Till'), dataDir]) {
      expect(await mode(join(root, 'logs')), root).toBe(0o700)
      expect(await mode(join(root, 'logs', 'main.log')), root).toBe(0o600)
    }
    const fresh = join(dataDir, 'nested', 'Till')
    expect(await mode(fresh)).toBe(0o700)
    const written = await readdir(fresh, { recursive: true, withFileTypes: true })
    expect(written.filter((e) => e.isFile()).map((e) => e.name)).toContain('webhook-receiver.json')
    for (const entry of written)
      expect(await mode(join(entry.parentPath, entry.name)), entry.name).toBe(
        entry.isDirectory() ? 0o700 : 0o600,
      )
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
