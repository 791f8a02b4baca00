import * as fs from 'node:fs/promises'
import { mkdir, mkdtemp, readFile, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ExportFiles, type ExportFs } from '../../../../src-main/features/exports/export-files'
import { NotFoundError, ValidationError } from '../../../../src-main/till-errors'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'till-export-files-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('export files written by main', () => {
  it('writes chunks to a hidden temporary file and shows the file only once finished', async () => {
    const files = new ExportFiles({ fs })
    const handle = await files.start(join(dir, 'journal.csv'))
    expect(handle).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await files.write(handle, 1, '\uFEFFentry_id,date\r\n')
    const written = await files.write(handle, 1, 'b1,2026-11-20 café\r\n')
    expect(written.bytes).toBe(Buffer.byteLength('b1,2026-11-20 café\r\n'))
    const during = await readdir(dir)
    expect(during).not.toContain('journal.csv')
    expect(during.every((name) => name.startsWith('.journal.csv.'))).toBe(true)

    expect(await files.finish(handle)).toEqual({ folder: dir, files: ['journal.csv'] })
    expect(await readdir(dir)).toEqual(['journal.csv'])
    expect(await readFile(join(dir, 'journal.csv'), 'utf8')).toBe(
      '\uFEFFentry_id,date\r\nb1,2026-11-20 café\r\n',
    )
    await expect(files.write(handle, 1, 'more')).rejects.toBeInstanceOf(NotFoundError)
  })

  it('names parts after the chosen file and writes them all into one folder of its name', async () => {
    const files = new ExportFiles({ fs })
    const handle = await files.start(join(dir, 'till-xero.csv'))
    await files.write(handle, 1, 'a')
    await files.write(handle, 2, 'b')
    await files.write(handle, 3, 'c')
    const done = await files.finish(handle)
    expect(done).toEqual({
      folder: join(dir, 'till-xero'),
      files: ['till-xero-part-1.csv', 'till-xero-part-2.csv', 'till-xero-part-3.csv'],
    })
    expect(await readdir(dir)).toEqual(['till-xero'])
    expect((await readdir(join(dir, 'till-xero'))).sort()).toEqual(done.files)
    expect(await readFile(join(dir, 'till-xero', 'till-xero-part-3.csv'), 'utf8')).toBe('c')
  })

  it('an aborted export leaves nothing, and an earlier file of that name untouched', async () => {
    await fs.writeFile(join(dir, 'journal.csv'), 'last month')
    const files = new ExportFiles({ fs })
    const handle = await files.start(join(dir, 'journal.csv'))
    await files.write(handle, 1, 'half a file')
    expect(await files.abort(handle)).toEqual({ aborted: true })
    expect(await readdir(dir)).toEqual(['journal.csv'])
    expect(await readFile(join(dir, 'journal.csv'), 'utf8')).toBe('last month')
    expect(await files.abort(handle)).toEqual({ aborted: false })
  })

  it('never replaces a file it did not create: the export takes a new name (issue 14, 4)', async () => {
    await writeFile(join(dir, 'journal.csv'), 'the bookkeeper’s own file')
    const files = new ExportFiles({ fs })
    const first = await files.start(join(dir, 'journal.csv'))
    await files.write(first, 1, 'first export')
    expect(await files.finish(first)).toEqual({ folder: dir, files: ['journal (2).csv'] })
    const second = await files.start(join(dir, 'journal.csv'))
    await files.write(second, 1, 'second export')
    expect(await files.finish(second)).toEqual({ folder: dir, files: ['journal (3).csv'] })
    expect(await readFile(join(dir, 'journal.csv'), 'utf8')).toBe('the bookkeeper’s own file')
    expect(await readFile(join(dir, 'journal (2).csv'), 'utf8')).toBe('first export')
    expect(await readFile(join(dir, 'journal (3).csv'), 'utf8')).toBe('second export')
    expect((await readdir(dir)).filter((n) => n.startsWith('.'))).toEqual([])
  })

  it('puts the parts into a new folder of the next free name when a folder of that name exists', async () => {
    await mkdir(join(dir, 'x'))
    await writeFile(join(dir, 'x', 'x-part-2.csv'), 'kept')
    const files = new ExportFiles({ fs })
    const handle = await files.start(join(dir, 'x.csv'))
    await files.write(handle, 1, 'a')
    await files.write(handle, 2, 'b')
    expect(await files.finish(handle)).toEqual({
      folder: join(dir, 'x (2)'),
      files: ['x (2)-part-1.csv', 'x (2)-part-2.csv'],
    })
    expect((await readdir(dir)).sort()).toEqual(['x', 'x (2)'])
    expect(await readdir(join(dir, 'x'))).toEqual(['x-part-2.csv'])
    expect(await readFile(join(dir, 'x', 'x-part-2.csv'), 'utf8')).toBe('kept')
    expect(await readFile(join(dir, 'x (2)', 'x (2)-part-2.csv'), 'utf8')).toBe('b')
  })

  it('refuses a finish with a part missing, and removes what it wrote', async () => {
    const files = new ExportFiles({ fs })
    const handle = await files.start(join(dir, 'x.csv'))
    await files.write(handle, 1, 'a')
    await files.write(handle, 3, 'c')
    await expect(files.finish(handle)).rejects.toThrow(/Part 2/)
    expect(await readdir(dir)).toEqual([])
  })

  it('when placing a part fails, takes back the parts already in place', async () => {
    let links = 0
    const failing: ExportFs = {
      ...fs,
      link: async (from, to) => {
        if (++links === 2) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' })
        await fs.link(from, to)
      },
    }
    const files = new ExportFiles({ fs: failing })
    const handle = await files.start(join(dir, 'x.csv'))
    await files.write(handle, 1, 'a')
    await files.write(handle, 2, 'b')
    await expect(files.finish(handle)).rejects.toThrow('disk full')
    expect(await readdir(dir)).toEqual([])
  })

  it('copies a part into place, never over a file, where the file system has no hard links', async () => {
    await writeFile(join(dir, 'x.csv'), 'kept')
    const noLinks: ExportFs = {
      ...fs,
      link: async () => {
        throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' })
      },
    }
    const files = new ExportFiles({ fs: noLinks })
    const handle = await files.start(join(dir, 'x.csv'))
    await files.write(handle, 1, 'exported')
    expect(await files.finish(handle)).toEqual({ folder: dir, files: ['x (2).csv'] })
    expect((await readdir(dir)).sort()).toEqual(['x (2).csv', 'x.csv'])
    expect(await readFile(join(dir, 'x.csv'), 'utf8')).toBe('kept')
    expect(await readFile(join(dir, 'x (2).csv'), 'utf8')).toBe('exported')
  })

  it('aborts an export left idle, and caps how many are open', async () => {
    let now = 0
    const files = new ExportFiles({ fs, now: () => now, idleMs: 1_000, maxOpen: 2 })
    const left = await files.start(join(dir, 'left.csv'))
    await files.write(left, 1, 'a')
    await files.start(join(dir, 'b.csv'))
    await expect(files.start(join(dir, 'c.csv'))).rejects.toBeInstanceOf(ValidationError)
    now = 5_000
    await files.start(join(dir, 'c.csv'))
    await expect(files.write(left, 1, 'b')).rejects.toBeInstanceOf(NotFoundError)
    expect(await readdir(dir)).toEqual([])
  })

  it('handles are unguessable: a made-up one reaches nothing', async () => {
    const files = new ExportFiles({ fs })
    const handle = await files.start(join(dir, 'x.csv'))
    const other = await files.start(join(dir, 'y.csv'))
    expect(other).not.toBe(handle)
    await expect(files.write('A'.repeat(43), 1, 'x')).rejects.toBeInstanceOf(NotFoundError)
    await files.abortAll()
  })

  describe('a folder swapped for a link after its checks gets nothing (issue 27, 7)', () => {
    /** `folder` moved aside and a link to `outside` put in its place. */
    const swapForLink = async (folder: string, outside: string): Promise<void> => {
      await rename(folder, `${folder}-moved`)
      await symlink(outside, folder, 'dir')
    }
    let folder: string
    let outside: string
    beforeEach(async () => {
      folder = join(dir, 'home', 'exports')
      outside = join(dir, 'elsewhere')
      await mkdir(folder, { recursive: true })
      await mkdir(outside)
    })
    const movedMessage = () =>
      `The folder “${folder}” was moved or replaced while Till was writing into it, so the export was not saved there. Check the folder and export again.`

    it('between the checks of a scheduled export’s folder and the start', async () => {
      let swapped = false
      const swapping: ExportFs = {
        ...fs,
        realpath: async (path) => {
          if (!swapped) {
            swapped = true
            await swapForLink(folder, outside)
          }
          return fs.realpath(path)
        },
      }
      const files = new ExportFiles({ fs: swapping })
      await expect(files.start(join(folder, 'journal.csv'), { resolved: true })).rejects.toThrow(
        movedMessage(),
      )
      expect(await readdir(outside)).toEqual([])
    })

    it('between the start and the first chunk', async () => {
      const files = new ExportFiles({ fs })
      const handle = await files.start(join(folder, 'journal.csv'))
      await swapForLink(folder, outside)
      await expect(files.write(handle, 1, 'the books')).rejects.toThrow(movedMessage())
      await expect(files.finish(handle)).rejects.toThrow(movedMessage())
      expect(await readdir(outside)).toEqual([])
    })

    it('while the temporary file is being opened', async () => {
      let swapped = false
      const swapping: ExportFs = {
        ...fs,
        open: async (path, flags, mode) => {
          if (!swapped) {
            swapped = true
            await swapForLink(folder, outside)
          }
          return fs.open(path, flags, mode)
        },
      }
      const files = new ExportFiles({ fs: swapping })
      const handle = await files.start(join(folder, 'journal.csv'))
      await expect(files.write(handle, 1, 'the books')).rejects.toThrow(movedMessage())
      expect(await readdir(outside)).toEqual([])
      await files.abort(handle)
      expect(await readdir(outside)).toEqual([])
    })

    it('just before the file is put in place, one part or several', async () => {
      for (const parts of [1, 3]) {
        await rm(join(dir, 'home'), { recursive: true, force: true })
        await mkdir(folder, { recursive: true })
        let swapped = false
        const swapping: ExportFs = {
          ...fs,
          link: async (from, to) => {
            if (!swapped) {
              swapped = true
              await swapForLink(folder, outside)
            }
            await fs.link(from, to)
          },
        }
        const files = new ExportFiles({ fs: swapping })
        const handle = await files.start(join(folder, 'journal.csv'))
        for (let part = 1; part <= parts; part++) await files.write(handle, part, `part ${part}`)
        await expect(files.finish(handle), `${parts} parts`).rejects.toThrow(movedMessage())
        expect(await readdir(outside), `${parts} parts`).toEqual([])
      }
    })
  })
})
