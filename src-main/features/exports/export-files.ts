import { randomBytes } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import { partFileName } from '../../../src-shared/bridge/schemas/exports'
import { NotFoundError, ValidationError } from '../../errors'

/** What the writer needs of `node:fs/promises`; tests pass the real one or one that fails. */
export interface ExportFs {
  open(path: string, flags: string): Promise<FileHandle>
  rename(from: string, to: string): Promise<void>
  rm(path: string, options: { force: boolean }): Promise<void>
  /** The first folder made, or undefined when it was there already (node's `recursive`). */
  mkdir(path: string, options: { recursive: true }): Promise<string | undefined>
  rmdir(path: string): Promise<void>
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
 * hidden temporary file next to its target and renamed into place on finish, so an export that
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
        out = await this.fs.open(this.temporary(file, part), 'wx')
        file.parts.set(part, out)
      }
      const { bytesWritten } = await out.write(text, null, 'utf8')
      return { bytes: bytesWritten }
    })
  }

  /** Closes every part and renames it into place: the folder (the parts' own one) and the file names. */
  async finish(handle: string): Promise<{ folder: string; files: string[] }> {
    const result = await this.serial(handle, async (file) => {
      const parts = [...file.parts.keys()].sort((a, b) => a - b)
      if (parts.length === 0) parts.push(1)
      const missing = parts.findIndex((part, i) => part !== i + 1)
      if (missing >= 0) throw new ValidationError(`Part ${missing + 1} of the export never came.`)
      for (const part of parts) {
        const out = file.parts.get(part) ?? (await this.fs.open(this.temporary(file, part), 'wx'))
        file.parts.set(part, out)
        await out.sync()
      }
      const name = basename(file.target)
      const folder =
        parts.length === 1
          ? dirname(file.target)
          : join(dirname(file.target), basename(name, extname(name)))
      const files = parts.map((part) => partFileName(name, part, parts.length))
      const placed: string[] = []
      const made = parts.length === 1 ? undefined : await this.fs.mkdir(folder, { recursive: true })
      try {
        for (const part of parts) {
          await file.parts.get(part)!.close()
          await this.fs.rename(this.temporary(file, part), join(folder, files[part - 1]!))
          placed.push(join(folder, files[part - 1]!))
        }
      } catch (error) {
        // All the parts or none: an import of some parts only would miss entries.
        for (const path of placed) await this.fs.rm(path, { force: true })
        if (made !== undefined) await this.fs.rmdir(made).catch(() => undefined)
        throw error
      }
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
