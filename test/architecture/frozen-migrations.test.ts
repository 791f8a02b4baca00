import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Each version of the cache's schema holds the code its upgrade runs: a migration imports nothing
 * from outside the migrations' folder but Dexie, so changing today's code (the Bills screen's
 * facets, the posting hash, the log's pages) never changes what an old cache's upgrade does. Code
 * an upgrade shares with the live app is copied into the folder, frozen, its header naming the
 * function it was copied from and when.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
/** The migrations' folder, from the project's root. */
const MIGRATIONS = 'src-renderer/database/migrations'
/** What a migration may import from outside its folder: Dexie, whose transaction it is handed. */
const PACKAGES = ['dexie']

/**
 * What the file at `path` (from the root, inside `folder`) imports from outside `folder`: a type,
 * a re-export or a dynamic import as much as a value.
 */
function importsOutside(folder: string, path: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((from) => {
      if (!from.startsWith('.')) return !PACKAGES.includes(from)
      return !posix.join(posix.dirname(path), from).startsWith(`${folder}/`)
    })
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      posix.join(posix.relative(root, entry.parentPath).split('\\').join('/'), entry.name),
    )
}

describe('frozen migrations', () => {
  it('no migration imports from outside the migrations’ folder but Dexie', () => {
    const files = filesUnder(MIGRATIONS)
    expect(files).toContain(`${MIGRATIONS}/migrations.ts`)
    const outside = files.flatMap((path) => {
      const found = importsOutside(MIGRATIONS, path, readFileSync(join(root, path), 'utf8'))
      return found.map((from) => `${path} imports ${from}`)
    })
    expect(outside).toEqual([])
  })

  it('finds live code, a shared type and a package planted in a migration, however imported', () => {
    const planted = [
      "import { billFacets } from '../bill-facets'",
      "import type { Bill } from '../../../src-shared/domain/records'",
      "export { postingHash } from '../../domain/journal/export-log'",
      "export * from '../migrations-before/v01'",
      "const live = await import('../log-pages')",
      "type Page = import('../log-pages').LogPage",
      "import { z } from 'zod'",
    ].join('\n')
    expect(importsOutside(MIGRATIONS, `${MIGRATIONS}/v24.ts`, planted)).toEqual([
      '../bill-facets',
      '../../../src-shared/domain/records',
      '../../domain/journal/export-log',
      '../migrations-before/v01',
      '../log-pages',
      '../log-pages',
      'zod',
    ])
  })

  it('passes Dexie and the folder’s own files, from a file nested in it too', () => {
    const own = [
      "import Dexie, { type Transaction } from 'dexie'",
      "import type { Migration } from './migration'",
      "import { SCHEMA_V1 } from '../migrations/v01'",
    ].join('\n')
    expect(importsOutside(MIGRATIONS, `${MIGRATIONS}/v24.ts`, own)).toEqual([])
    const nested = "import { BILLS_V3 } from '../v03'\nimport { entries } from './entries'"
    expect(importsOutside(MIGRATIONS, `${MIGRATIONS}/v24/pages.ts`, nested)).toEqual([])
    expect(
      importsOutside(MIGRATIONS, `${MIGRATIONS}/v24/pages.ts`, "import '../../log-pages'"),
    ).toEqual(['../../log-pages'])
  })
})
