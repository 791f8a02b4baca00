import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
} from '../../../../src-shared/bridge/contract'
import {
  MAX_EXPORT_CHUNK_CHARS,
  type ScheduledExportRun,
  type ScheduledExportSettings,
} from '../../../../src-shared/bridge/schemas/exports'
import type { BridgeResult } from '../../../../src-shared/bridge/bridge-errors'
import { noSecrets } from '../../../support/no-secrets'
import type { ExportDialogs } from '../../../../src-main/features/exports/export-handlers'
import { createServices } from '../../../../src-main/services'

let dataDir: string
let home: string
let folder: string
let outside: string
let services: ReturnType<typeof createServices>

function startServices(exportDialogs?: ExportDialogs): ReturnType<typeof createServices> {
  return createServices({
    dataDir,
    secrets: noSecrets,
    shell: exportDialogs ? 'electron' : 'browser',
    version: 'test',
    openExternal: async () => undefined,
    homeDir: home,
    ...(exportDialogs ? { exportDialogs } : {}),
  })
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'till-schedule-data-'))
  home = await mkdtemp(join(tmpdir(), 'till-schedule-home-'))
  folder = join(home, 'books')
  await mkdir(folder)
  outside = await mkdtemp(join(tmpdir(), 'till-schedule-outside-'))
  services = startServices()
})
afterEach(async () => {
  await services.exportFiles.abortAll()
  await rm(dataDir, { recursive: true, force: true })
  await rm(home, { recursive: true, force: true })
  await rm(outside, { recursive: true, force: true })
})

function call<C extends ChannelName>(channel: C, input?: ChannelInput<C>) {
  return services.dispatch(channel, input) as Promise<BridgeResult<never>>
}

async function ok<C extends ChannelName>(channel: C, input?: ChannelInput<C>) {
  const result = (await services.dispatch(channel, input)) as BridgeResult<ChannelOutput<C>>
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}

const settings = (more: Partial<ScheduledExportSettings> = {}): ScheduledExportSettings => ({
  enabled: true,
  trigger: { kind: 'session-close' },
  what: 'journal-csv',
  folder,
  ...more,
})
const watermark = { closedAt: 1_700_000_000_000, nightlyAt: null }
const profileId = 'shop-1'

describe('scheduled export folder, through the dispatcher', () => {
  it('refuses a folder that is relative, missing or a file, and saves none of them', async () => {
    const file = join(folder, 'a-file.txt')
    await writeFile(file, 'x')
    for (const [path, reason] of [
      ['exports/till', /not a full path/],
      [join(folder, 'nowhere'), /no folder/],
      [file, /is a file/],
    ] as const) {
      const result = await call('exports.schedule.save', {
        profileId,
        settings: settings({ folder: path }),
        watermark,
      })
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.message).toMatch(reason)
    }
    expect((await ok('exports.schedule.get', { profileId })).settings).toBeNull()
  })

  it('refuses a typed folder outside the home folder, symlinks resolved (issue 14, 4)', async () => {
    await symlink('/etc', join(home, 'etc-link'))
    await symlink(outside, join(home, 'outside-link'))
    for (const path of ['/etc', '/', outside, join(home, 'etc-link'), join(home, 'outside-link')]) {
      const result = await call('exports.schedule.save', {
        profileId,
        settings: settings({ folder: path }),
        watermark,
      })
      expect(result.ok, path).toBe(false)
      if (!result.ok) expect(result.error.message).toMatch(/inside your home folder/)
    }
    expect((await ok('exports.schedule.get', { profileId })).settings).toBeNull()
    await symlink(folder, join(home, 'books-link'))
    const saved = await ok('exports.schedule.save', {
      profileId,
      settings: settings({ folder: join(home, 'books-link') }),
      watermark,
    })
    expect(saved.settings?.folder).toBe(folder)
  })

  it('accepts a folder outside the home folder when a folder dialog chose it, after a restart too', async () => {
    await services.stop()
    services = startServices({ saveFile: async () => null, chooseFolder: async () => outside })
    expect(await ok('exports.schedule.chooseFolder')).toEqual({ folder: outside })
    await ok('exports.schedule.save', {
      profileId,
      settings: settings({ folder: outside }),
      watermark,
    })
    await services.stop()
    services = startServices()
    const { handle } = await ok('exports.open', {
      target: { kind: 'scheduled', profileId, name: 'x.csv' },
    })
    expect(handle).not.toBeNull()
  })

  it('refuses to write into a saved folder that now leads outside the home folder', async () => {
    const movable = join(home, 'movable')
    await mkdir(movable)
    await ok('exports.schedule.save', {
      profileId,
      settings: settings({ folder: movable }),
      watermark,
    })
    await rm(movable, { recursive: true })
    await symlink(outside, movable)
    const result = await call('exports.open', {
      target: { kind: 'scheduled', profileId, name: 'x.csv' },
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.message).toMatch(/inside your home folder/)
    expect(await readdir(outside)).toEqual([])
  })

  it('writes a scheduled export into the saved folder and nowhere else', async () => {
    const saved = await ok('exports.schedule.save', { profileId, settings: settings(), watermark })
    expect(saved.settings?.folder).toBe(folder)
    expect(saved.watermark).toEqual(watermark)

    const escape = await call('exports.open', {
      target: { kind: 'scheduled', profileId, name: '../escape.csv' },
    })
    expect(escape.ok).toBe(false)

    const { handle } = await ok('exports.open', {
      target: { kind: 'scheduled', profileId, name: 'till-journal-csv-2026-11-20.csv' },
    })
    expect(handle).not.toBeNull()
    await ok('exports.write', { handle: handle!, part: 1, text: 'entry_id\r\nb1\r\n' })
    const done = await ok('exports.finish', { handle: handle! })
    expect(done).toEqual({ folder, files: ['till-journal-csv-2026-11-20.csv'] })
    expect(await readFile(join(folder, done.files[0]!), 'utf8')).toBe('entry_id\r\nb1\r\n')
    expect(await readdir(dataDir)).not.toContain('till-journal-csv-2026-11-20.csv')
  })

  it('opens nothing for a connection whose schedule is off', async () => {
    await ok('exports.schedule.save', {
      profileId,
      settings: settings({ enabled: false }),
      watermark,
    })
    const result = await call('exports.open', {
      target: { kind: 'scheduled', profileId, name: 'x.csv' },
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.kind).toBe('not_found')
  })

  it('refuses an oversized chunk, a made-up handle, and a save dialog in the browser shell', async () => {
    await ok('exports.schedule.save', { profileId, settings: settings(), watermark })
    const { handle } = await ok('exports.open', {
      target: { kind: 'scheduled', profileId, name: 'x.csv' },
    })
    const big = await call('exports.write', {
      handle: handle!,
      part: 1,
      text: 'x'.repeat(MAX_EXPORT_CHUNK_CHARS + 1),
    })
    expect(big.ok).toBe(false)
    if (!big.ok) expect(big.error.kind).toBe('validation')
    const guessed = await call('exports.write', { handle: 'not-a-handle', part: 1, text: 'x' })
    expect(guessed.ok).toBe(false)
    const dialog = await call('exports.open', {
      target: { kind: 'dialog', suggestedName: 'x.csv' },
    })
    expect(dialog.ok).toBe(false)
    if (!dialog.ok) expect(dialog.error.message).toMatch(/downloads instead/)
    await ok('exports.abort', { handle: handle! })
    expect(await readdir(folder)).toEqual([])
  })

  it('keeps the last success when a run fails, and the watermark the run moved', async () => {
    await ok('exports.schedule.save', { profileId, settings: settings(), watermark })
    const run = (ok: boolean, at: string): ScheduledExportRun => ({
      at,
      ok,
      message: ok ? '3 entries' : 'disk full',
      files: ok ? ['a.csv'] : [],
      entries: ok ? 3 : 0,
      to: '2026-11-20',
    })
    await ok('exports.schedule.recordRun', {
      profileId,
      run: run(true, '2026-11-20T10:00:00.000Z'),
      watermark,
    })
    const moved = { closedAt: watermark.closedAt + 1, nightlyAt: null }
    const after = await ok('exports.schedule.recordRun', {
      profileId,
      run: run(false, '2026-11-21T10:00:00.000Z'),
      watermark: moved,
    })
    expect(after.lastRun?.message).toBe('disk full')
    expect(after.lastSuccess?.at).toBe('2026-11-20T10:00:00.000Z')
    expect(after.watermark).toEqual(moved)
    expect((await ok('exports.schedule.get', { profileId: 'other' })).lastRun).toBeNull()
  })
})
