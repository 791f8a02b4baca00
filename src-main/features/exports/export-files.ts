import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import { partFileName } from '../../../src-shared/bridge/schemas/exports'
import { NotFoundError, ValidationError } from '../../till-errors'
import { PRIVATE_FILE_MODE } from '../../platform/private-files'

/** What the writer needs of `node:fs/promises`; tests pass the real one or one that fails. */
export interface ExportFs {
  open(path: string, flags: string, mode: number): Promise<FileHandle>
  link(existing: string, created: string): Promise<void>
  copyFile(from: string, to: string, mode: number): Promise<void>
  rm(path: string, options: { force: boolean }): Promise<void>
  /** Makes one new folder; fails with EEXIST when it is there already. */
  mkdir(path: string): Promise<unknown>
  rmdir(path: string): Promise<void>
  realpath(path: string): Promise<string>
  lstat(path: string): Promise<{ isDirectory(): boolean; dev: number; ino: number }>
}

/** A folder as it was when an export started: written into only while it is still that folder. */
interface CheckedFolder {
  /** As the caller named it, for messages and answers. */
  given: string
  /** With every link resolved: where the files go. */
  real: string
  dev: number
  ino: number
}

/** A file system that cannot hard-link (FAT, some network shares) answers with one of these. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK'])

/** New names tried for an export whose name is taken, before giving up. */
const MAX_NAME_TRIES = 1000

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code
}

/** `journal.csv`, `journal (2).csv`, `journal (3).csv`, … */
function numberedName(name: string, n: number): string {
  if (n === 1) return name
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? `${name} (${n})` : `${name.slice(0, dot)} (${n})${name.slice(dot)}`
}

interface OpenExport {
  folder: CheckedFolder
  /**
   * Where the file goes; with several parts, each is named after it (`-part-<n>`), in a folder
   * of the file's name (`till-xero-….csv` → `till-xero-…/till-xero-…-part-1.csv`), so the parts
   * of one export stay together.
   */
  target: string
  token: string
  parts: Map<number, FileHandle>
  lastUsed: number
  /** Calls run one after another, in the order they came. */
  queue: Promise<unknown>
}

export interface ExportFilesOptions {
  fs: ExportFs
  now?: () => number
  /**
   * An export left this long without a call (its page was closed, say) is aborted when the
   * next one starts, or on quit.
   */
  idleMs?: number
  /** Files open at once at most. */
  maxOpen?: number
}

/**
 * Export files written by main from the chunks the renderer sends. Each part is written to a
 * hidden temporary file next to its target and linked into place on finish, so an export that
 * is cancelled, fails or is left behind never leaves a half file under the target's name. A
 * file is known by a handle of 32 random bytes that only the page that opened it has.
 */
export class ExportFiles {
  private readonly open = new Map<string, OpenExport>()
  private readonly fs: ExportFs
  private readonly now: () => number
  private readonly idleMs: number
  private readonly maxOpen: number

  constructor(options: ExportFilesOptions) {
    this.fs = options.fs
    this.now = options.now ?? Date.now
    this.idleMs = options.idleMs ?? 10 * 60_000
    this.maxOpen = options.maxOpen ?? 8
  }

  /**
   * Starts a file at `target` (an absolute path the caller has checked); its handle. With
   * `resolved`, the caller checked the folder by its real path (links resolved), and it must still
   * be reached by that path: a link put there since is refused.
   */
  async start(target: string, options: { resolved?: boolean } = {}): Promise<string> {
    await this.abortIdle()
    if (this.open.size >= this.maxOpen)
      throw new ValidationError(
        `Till is already writing ${this.open.size} exports; finish or cancel one first.`,
      )
    const folder = await this.checkFolder(dirname(target))
    if (options.resolved && folder.real !== folder.given) throw this.moved(folder)
    const handle = randomBytes(32).toString('base64url')
    this.open.set(handle, {
      folder,
      target,
      token: randomBytes(6).toString('hex'),
      parts: new Map(),
      lastUsed: this.now(),
      queue: Promise.resolve(),
    })
    return handle
  }

  /** Appends `text` to part `part`, as UTF-8. */
  write(handle: string, part: number, text: string): Promise<{ bytes: number }> {
    return this.serial(handle, async (file) => {
      let out = file.parts.get(part)
      if (!out) {
        out = await this.openTemporary(file, part)
        file.parts.set(part, out)
      }
      const { bytesWritten } = await out.write(text, null, 'utf8')
      return { bytes: bytesWritten }
    })
  }

  /**
   * Closes every part and puts it in place under the target's name, or under a numbered one when
   * a file (or, for several parts, their folder) of that name exists: an export never replaces a
   * file. The folder and the file names.
   */
  async finish(handle: string): Promise<{ folder: string; files: string[] }> {
    const result = await this.serial(handle, async (file) => {
      const parts = [...file.parts.keys()].sort((a, b) => a - b)
      if (parts.length === 0) parts.push(1)
      const missing = parts.findIndex((part, i) => part !== i + 1)
      if (missing >= 0) throw new ValidationError(`Part ${missing + 1} of the export never came.`)
      for (const part of parts) {
        const out = file.parts.get(part) ?? (await this.openTemporary(file, part))
        file.parts.set(part, out)
        await out.sync()
      }
      for (const part of parts) await file.parts.get(part)!.close()
      const { folder, files } = await this.place(file, parts)
      for (const part of parts) await this.fs.rm(this.temporary(file, part), { force: true })
      file.parts.clear()
      return { folder, files }
    }).catch(async (error: unknown) => {
      await this.abort(handle)
      throw error
    })
    this.open.delete(handle)
    return result
  }

  /** Closes and deletes whatever the export wrote. An unknown handle is already gone. */
  async abort(handle: string): Promise<{ aborted: boolean }> {
    const file = this.open.get(handle)
    if (!file) return { aborted: false }
    this.open.delete(handle)
    await file.queue.catch(() => undefined)
    for (const [part, out] of file.parts) {
      await out.close().catch(() => undefined)
      await this.fs.rm(this.temporary(file, part), { force: true })
    }
    return { aborted: true }
  }

  /** Aborts every open export (on quit). */
  async abortAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((handle) => this.abort(handle)))
  }

  /**
   * Places every part under the first numbered name free for all of them; all or none. Several
   * parts go into a new folder of the file's name (`till-xero-….csv` →
   * `till-xero-…/till-xero-…-part-1.csv`), so the parts of one export stay together.
   */
  private async place(
    file: OpenExport,
    parts: number[],
  ): Promise<{ folder: string; files: string[] }> {
    const where = file.folder
    for (let n = 1; n <= MAX_NAME_TRIES; n++) {
      const name = numberedName(basename(file.target), n)
      const files = parts.map((part) => partFileName(name, part, parts.length))
      const sub = parts.length === 1 ? null : basename(name, extname(name))
      const folder = sub === null ? where.real : join(where.real, sub)
      const placed: string[] = []
      let made: CheckedFolder | null = null
      let madeFolder = false
      try {
        if (sub !== null) {
          await this.unmoved(where)
          await this.fs.mkdir(folder)
          madeFolder = true
          made = await this.checkFolder(folder)
          await this.unmoved(where)
        }
        for (const part of parts) {
          const path = join(folder, files[part - 1]!)
          await this.unmoved(made ?? where)
          await this.placeOne(this.temporary(file, part), path)
          placed.push(path)
          // Moved meanwhile, the file went elsewhere: it is taken back below.
          await this.unmoved(made ?? where)
        }
        return { folder: sub === null ? where.given : join(where.given, sub), files }
      } catch (error) {
        // All the parts or none: an import of some parts only would miss entries.
        for (const path of placed) await this.fs.rm(path, { force: true })
        if (madeFolder) await this.fs.rmdir(folder).catch(() => undefined)
        // A failure because the folder was swapped meanwhile says so.
        await this.unmoved(where)
        if (errorCode(error) !== 'EEXIST') throw error
      }
    }
    throw new ValidationError(
      `“${basename(file.target)}” and ${MAX_NAME_TRIES - 1} numbered names after it are all taken in ${where.given}.`,
    )
  }

  /** A hard link (or an exclusive copy) fails with EEXIST where rename would replace a file. */
  private async placeOne(temporary: string, path: string): Promise<void> {
    try {
      await this.fs.link(temporary, path)
    } catch (error) {
      if (!NO_LINKS.has(errorCode(error) as string)) throw error
      await this.fs.copyFile(temporary, path, constants.COPYFILE_EXCL)
    }
  }

  private temporary(file: OpenExport, part: number): string {
    return join(file.folder.real, `.${basename(file.target)}.${file.token}.${part}.tmp`)
  }

  /**
   * A part's temporary file, opened only once it is known to be in the folder that was checked:
   * the folder is checked before, and the file opened is the one in that folder after.
   */
  private async openTemporary(file: OpenExport, part: number): Promise<FileHandle> {
    const path = this.temporary(file, part)
    await this.unmoved(file.folder)
    const out = await this.fs.open(path, 'wx', PRIVATE_FILE_MODE)
    try {
      await this.unmoved(file.folder)
      const [opened, there] = await Promise.all([out.stat(), this.fs.lstat(path)])
      if (opened.ino !== there.ino || opened.dev !== there.dev) throw this.moved(file.folder)
      return out
    } catch (error) {
      await out.close().catch(() => undefined)
      await this.fs.rm(path, { force: true })
      throw error
    }
  }

  private async checkFolder(path: string): Promise<CheckedFolder> {
    const real = await this.fs.realpath(path).catch(() => {
      throw new ValidationError(`There is no folder “${path}”.`)
    })
    const stats = await this.fs.lstat(real)
    if (!stats.isDirectory()) throw new ValidationError(`“${path}” is not a folder.`)
    return { given: path, real, dev: stats.dev, ino: stats.ino }
  }

  /**
   * Fails unless the folder is still the one that was checked, reached by the same path with no
   * link on the way: a folder swapped for a link (to somewhere outside the home folder, say)
   * after its checks gets nothing.
   */
  private async unmoved(folder: CheckedFolder): Promise<void> {
    const [real, stats] = await Promise.all([
      this.fs.realpath(folder.real).catch(() => null),
      this.fs.lstat(folder.real).catch(() => null),
    ])
    const same =
      real === folder.real &&
      stats !== null &&
      stats.isDirectory() &&
      stats.dev === folder.dev &&
      stats.ino === folder.ino
    if (!same) throw this.moved(folder)
  }

  private moved(folder: CheckedFolder): ValidationError {
    return new ValidationError(
      `The folder “${folder.given}” was moved or replaced while Till was writing into it, so the export was not saved there. Check the folder and export again.`,
    )
  }

  private serial<T>(handle: string, step: (file: OpenExport) => Promise<T>): Promise<T> {
    const file = this.open.get(handle)
    if (!file) return Promise.reject(new NotFoundError('That export is not open (any more).'))
    file.lastUsed = this.now()
    const next = file.queue.then(() => step(file))
    file.queue = next.catch(() => undefined)
    return next
  }

  private async abortIdle(): Promise<void> {
    const cutoff = this.now() - this.idleMs
    for (const [handle, file] of this.open) if (file.lastUsed < cutoff) await this.abort(handle)
  }
}
