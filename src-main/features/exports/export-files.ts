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

  /** Starts a file at `target` (an absolute path the caller has checked); its handle. */
  async start(target: string): Promise<string> {
    await this.abortIdle()
    if (this.open.size >= this.maxOpen)
      throw new ValidationError(
        `Till is already writing ${this.open.size} exports; finish or cancel one first.`,
      )
    const handle = randomBytes(32).toString('base64url')
    this.open.set(handle, {
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
        out = await this.fs.open(this.temporary(file, part), 'wx', PRIVATE_FILE_MODE)
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
        const out =
          file.parts.get(part) ??
          (await this.fs.open(this.temporary(file, part), 'wx', PRIVATE_FILE_MODE))
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
    const where = dirname(file.target)
    for (let n = 1; n <= MAX_NAME_TRIES; n++) {
      const name = numberedName(basename(file.target), n)
      const files = parts.map((part) => partFileName(name, part, parts.length))
      const folder = parts.length === 1 ? where : join(where, basename(name, extname(name)))
      const placed: string[] = []
      let made = false
      try {
        if (parts.length > 1) {
          await this.fs.mkdir(folder)
          made = true
        }
        for (const part of parts) {
          const path = join(folder, files[part - 1]!)
          await this.placeOne(this.temporary(file, part), path)
          placed.push(path)
        }
        return { folder, files }
      } catch (error) {
        // All the parts or none: an import of some parts only would miss entries.
        for (const path of placed) await this.fs.rm(path, { force: true })
        if (made) await this.fs.rmdir(folder).catch(() => undefined)
        if (errorCode(error) !== 'EEXIST') throw error
      }
    }
    throw new ValidationError(
      `“${basename(file.target)}” and ${MAX_NAME_TRIES - 1} numbered names after it are all taken in ${where}.`,
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
    return join(dirname(file.target), `.${basename(file.target)}.${file.token}.${part}.tmp`)
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
