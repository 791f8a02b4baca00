import { mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Logger } from '../../logging/logger'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../platform/private-files'

interface Waiter {
  resolve: () => void
  reject: (error: unknown) => void
}

class JsonlFileClosedError extends Error {
  constructor() {
    super('The JSON-lines file is closed.')
    this.name = 'JsonlFileClosedError'
  }
}

const NEWLINE = 0x0a

/** A rename is durable once its folder is synced; Windows cannot open a folder, nor needs to. */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(dirname(path), 'r').catch(() => null)
  await folder?.sync().catch(() => undefined)
  await folder?.close()
}

/**
 * An append-only file of JSON lines. Appends made while a write is on disk are gathered and
 * written with one fsync (group commit), so a burst costs a few fsyncs rather than one each.
 * `rewrite` replaces the whole file atomically with a snapshot taken at the moment it runs.
 */
export class JsonlFile {
  private buffer: string[] = []
  private waiters: Waiter[] = []
  private snapshot: (() => string[]) | null = null
  private snapshotWaiters: Waiter[] = []
  private running: Promise<void> | null = null
  private closed = false
  /** Set when the file could not be reopened after a rewrite; every later write fails with it. */
  private broken: unknown = null

  private constructor(
    private readonly path: string,
    private handle: FileHandle,
    private bytes: number,
    private readonly log: Logger,
  ) {}

  /**
   * Opens (creating) the file and returns its complete lines. A last line without its newline
   * was never acknowledged (its fsync did not finish), so it is cut off before appending.
   */
  static async open(path: string, log: Logger): Promise<{ file: JsonlFile; lines: string[] }> {
    await mkdir(dirname(path), { recursive: true, mode: PRIVATE_FOLDER_MODE })
    const handle = await open(path, 'a+', PRIVATE_FILE_MODE)
    try {
      const content = await handle.readFile()
      const end = content.lastIndexOf(NEWLINE) + 1
      if (end < content.length) {
        log.warn('cut an incomplete last line off a JSON-lines file', { file: path })
        await handle.truncate(end)
      }
      const lines = content.subarray(0, end).toString('utf8').split('\n').filter(Boolean)
      return { file: new JsonlFile(path, handle, end, log), lines }
    } catch (error) {
      await handle.close()
      throw error
    }
  }

  get size(): number {
    return this.bytes
  }

  /** Resolves once the line is on disk. */
  append(line: string): Promise<void> {
    return this.enqueue((waiter) => {
      this.buffer.push(line + '\n')
      this.waiters.push(waiter)
    })
  }

  /**
   * Replaces the file with the lines `snapshot` returns when the rewrite runs. Lines appended
   * before that moment are not written again, so the snapshot must already reflect them.
   */
  rewrite(snapshot: () => string[]): Promise<void> {
    return this.enqueue((waiter) => {
      this.snapshot = snapshot
      this.snapshotWaiters.push(waiter)
    })
  }

  /** Waits for what was already asked, then closes; later calls fail. */
  async close(): Promise<void> {
    this.closed = true
    while (this.running) await this.running
    await this.handle.close().catch(() => undefined)
  }

  private enqueue(add: (waiter: Waiter) => void): Promise<void> {
    if (this.closed) return Promise.reject(new JsonlFileClosedError())
    if (this.broken) return Promise.reject(this.broken)
    return new Promise((resolve, reject) => {
      add({ resolve, reject })
      this.kick()
    })
  }

  private kick(): void {
    if (this.running) return
    this.running = this.drain()
      // Every write failure is handed to its waiters; this only keeps a bug from crashing main.
      .catch((error: unknown) =>
        this.log.error('JSON-lines writer stopped unexpectedly', { error }),
      )
      .finally(() => {
        this.running = null
        // Work added after the loop's last look but before this callback ran.
        if (this.buffer.length > 0 || this.snapshot) this.kick()
      })
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0 || this.snapshot) {
      const lines = this.buffer
      const waiters = this.waiters
      this.buffer = []
      this.waiters = []
      if (this.snapshot && (await this.replace(this.snapshot(), waiters))) continue
      await this.appendNow(lines, waiters)
    }
  }

  private async appendNow(lines: string[], waiters: Waiter[]): Promise<void> {
    if (lines.length === 0) return
    const data = Buffer.from(lines.join(''), 'utf8')
    try {
      if (this.broken) throw this.broken
      await this.handle.write(data)
      await this.handle.datasync()
      this.bytes += data.length
      for (const waiter of waiters) waiter.resolve()
    } catch (error) {
      // Cut off whatever part of the batch reached the file, so the next append starts clean.
      await this.handle.truncate(this.bytes).catch(() => undefined)
      for (const waiter of waiters) waiter.reject(error)
    }
  }

  /**
   * Writes the snapshot to a temporary file, syncs it and renames it over the file; the lines
   * it covers are then acknowledged. Returns false when the old file stays in use (nothing lost:
   * the covered lines are appended to it as usual).
   */
  private async replace(lines: string[], covered: Waiter[]): Promise<boolean> {
    const waiters = this.snapshotWaiters
    this.snapshot = null
    this.snapshotWaiters = []
    const temporary = `${this.path}.${process.pid}.tmp`
    const data = Buffer.from(lines.map((line) => line + '\n').join(''), 'utf8')
    const fail = async (error: unknown): Promise<false> => {
      await unlink(temporary).catch(() => undefined)
      this.log.warn('could not rewrite a JSON-lines file; it keeps growing until the next try', {
        file: this.path,
        error,
      })
      for (const waiter of waiters) waiter.reject(error)
      return false
    }
    try {
      const handle = await open(temporary, 'w', PRIVATE_FILE_MODE)
      try {
        await handle.write(data)
        await handle.sync()
      } finally {
        await handle.close()
      }
    } catch (error) {
      return fail(error)
    }
    // Closed before the rename: Windows refuses to replace a file that is open.
    await this.handle.close().catch(() => undefined)
    let replaced = false
    try {
      await rename(temporary, this.path)
      replaced = true
    } catch (error) {
      await fail(error)
    }
    if (replaced) await syncFolder(this.path)
    try {
      this.handle = await open(this.path, 'a', PRIVATE_FILE_MODE)
    } catch (error) {
      this.broken = error
      this.log.error('could not reopen a JSON-lines file; nothing more can be written', { error })
    }
    if (!replaced) return false
    this.bytes = data.length
    for (const waiter of [...covered, ...waiters]) waiter.resolve()
    return true
  }
}
