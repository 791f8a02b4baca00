import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { z } from 'zod'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-files'

/** Where a file moved aside is reported: a logger's `warn` (platform sits below logging). */
export interface MovedAsideLog {
  warn(message: string, fields?: Record<string, unknown>): void
}

/**
 * A JSON document on disk, validated on read and replaced atomically on write. A file that
 * fails validation is moved aside (never deleted) and the fallback is used, so nothing is lost.
 */
export class JsonFile<T> {
  constructor(
    private readonly path: string,
    private readonly schema: z.ZodType<T>,
    private readonly fallback: () => T,
    private readonly log: MovedAsideLog,
  ) {}

  async read(): Promise<T> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.fallback()
      throw error
    }
    let parsed: z.ZodSafeParseResult<T>
    try {
      parsed = this.schema.safeParse(JSON.parse(text))
    } catch {
      parsed = { success: false } as z.ZodSafeParseResult<T>
    }
    if (parsed.success) return parsed.data
    const aside = `${this.path}.unreadable-${Date.now()}`
    await rename(this.path, aside)
    this.log.warn('unreadable file moved aside', { file: this.path, movedTo: aside })
    return this.fallback()
  }

  async write(value: T): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: PRIVATE_FOLDER_MODE })
    const temporary = `${this.path}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(value, null, 2) + '\n', { mode: PRIVATE_FILE_MODE })
    await rename(temporary, this.path)
  }
}
