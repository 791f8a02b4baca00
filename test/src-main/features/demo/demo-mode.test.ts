import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoService, type DemoServiceHandle } from '../../../../src-demo/index'
import { createLogger } from '../../../../src-main/logging/logger'
import { DemoMode } from '../../../../src-main/features/demo/demo-mode'
import type { ProfileStore } from '../../../../src-main/features/connections/profile-store'
import { recogniseCsvLayout } from '../../../../src-renderer/deposits/rules/statements/csv-layouts'
import { readStatement } from '../../../../src-renderer/deposits/rules/statements/read-statement'
import { SMALL_SHOP } from '../../../support/demo-service'

const profiles = { save: async () => ({ id: 'demo-shop' }) } as unknown as ProfileStore
const folders: string[] = []
const handles: DemoServiceHandle[] = []

afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()))
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })))
})

async function demoWritingTo(folder: string): Promise<DemoMode> {
  return new DemoMode({
    profiles,
    log: createLogger('test'),
    start: async (options) => {
      const handle = await startDemoService({ ...options, ...SMALL_SHOP, days: 10, live: false })
      handles.push(handle)
      return handle
    },
    webhookTarget: async () => null,
    bankStatementFolder: folder,
  })
}

describe('the demo shop’s bank statements', () => {
  it('are written at start, in each format, for the user alone, and read by Till', async () => {
    const root = await mkdtemp(join(tmpdir(), 'till-demo-bank-'))
    folders.push(root)
    const folder = join(root, 'demo-bank')
    await (await demoWritingTo(folder)).ensureRunning(false)
    const names = (await readdir(folder)).sort()
    expect(names.map((name) => name.replace(/\d{4}-\d{2}-\d{2}/, 'DATE'))).toEqual([
      'demo-bank-statement-DATE.csv',
      'demo-bank-statement-DATE.sta',
      'demo-bank-statement-DATE.xml',
    ])
    expect((await stat(folder)).mode & 0o777).toBe(0o700)
    for (const name of names) {
      expect((await stat(join(folder, name))).mode & 0o777).toBe(0o600)
      const text = await readFile(join(folder, name), 'utf8')
      const csv = recogniseCsvLayout(text, 'IDR')?.mapping
      const statement = readStatement(text, { currency: 'IDR', ...(csv ? { csv } : {}) })
      expect(statement.lines.length).toBeGreaterThan(0)
    }
  })

  it('do not stop the demo when they cannot be written', async () => {
    const root = await mkdtemp(join(tmpdir(), 'till-demo-bank-'))
    folders.push(root)
    const blocked = join(root, 'a-file')
    await writeFile(blocked, 'not a folder')
    const demo = await demoWritingTo(join(blocked, 'demo-bank'))
    await expect(demo.ensureRunning(false)).resolves.toMatchObject({ id: 'demo-shop' })
    expect(demo.status().running).toBe(true)
  })
})

describe('the demo shop’s status', () => {
  it('names each location the demo trades at, which the service itself never sends', async () => {
    const root = await mkdtemp(join(tmpdir(), 'till-demo-bank-'))
    folders.push(root)
    const demo = await demoWritingTo(root)
    expect(demo.status().locationNames).toEqual({})
    await demo.ensureRunning(false)
    const names = demo.status().locationNames
    const traded = new Set(
      handles[0]!.shop.sessions().map((s) => (s as { location_id: string }).location_id),
    )
    expect(Object.keys(names).sort()).toEqual([...traded].sort())
    const given = Object.values(names)
    expect(new Set(given).size).toBe(given.length)
    for (const name of given) expect(name).not.toMatch(/^Location |^\d+$/)
  })

  it('gives the demo bank’s terms by method, the card processor’s fixed fee among them', async () => {
    const root = await mkdtemp(join(tmpdir(), 'till-demo-bank-'))
    folders.push(root)
    const demo = await demoWritingTo(root)
    expect(demo.status().bankTerms).toEqual({})
    await demo.ensureRunning(false)
    const terms = demo.status().bankTerms
    expect(Object.keys(terms).sort()).toEqual(['bank_transfer', 'card', 'cash', 'e_wallet', 'qris'])
    expect(terms['card']!.feeFixed).toBeGreaterThan(0)
    expect(terms['cash']).toMatchObject({ feeBasisPoints: 0, feeFixed: 0 })
  })
})
