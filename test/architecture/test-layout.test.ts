import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Unit tests mirror the source tree: the tests of `src-renderer/sync/jobs/sync-engine.ts` are
 * `test/src-renderer/sync/jobs/sync-engine.test.ts`, and, when one file is not enough,
 * `sync-engine.<topic>.test.ts` beside it. A patched dependency's test is named after its patch:
 * `patches/dexie+4.4.7.patch` is held by `test/patches/dexie+4.4.7.test.ts`, so upgrading the
 * dependency renames both. Only the end-to-end journeys, the soak, the bench, the shared helpers
 * and these architecture tests live elsewhere under test/.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const OWN_FOLDERS = ['e2e', 'soak', 'bench', 'support', 'architecture']
const SOURCE_FOLDER = /^(src-[a-z]+|scripts)\//
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.cjs', '.js']
const PATCH_TEST = /^test\/(patches\/[^/]+)\.test\.ts$/

/** The tests of `testPaths` (relative to the project) that sit at no mirrored source path. */
function misplacedTests(testPaths: string[], exists: (path: string) => boolean): string[] {
  return testPaths.filter((path) => {
    const [, folder] = path.split('/')
    if (OWN_FOLDERS.includes(folder!)) return false
    const patch = PATCH_TEST.exec(path)?.[1]
    if (patch) return !exists(`${patch}.patch`)
    const mirrored = /^test\/(.+?)((?:\.[a-z0-9-]+)*)\.test\.ts$/.exec(path)?.[1]
    if (!mirrored || !SOURCE_FOLDER.test(mirrored)) return true
    return !SOURCE_EXTENSIONS.some((extension) => exists(mirrored + extension))
  })
}

function testsUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((entry) => `${folder}/${entry.split('\\').join('/')}`)
    .filter((path) => path.endsWith('.test.ts'))
}

const inProject = (path: string) => existsSync(join(root, path))
const planted = new Set([
  'src-renderer/sync/jobs/sync-engine.ts',
  'src-renderer/ui/app/App.tsx',
  'scripts/start.mjs',
  'patches/dexie+4.4.7.patch',
])
const inPlanted = (path: string) => planted.has(path)

describe('the test layout', () => {
  it('puts every unit test at the path of the source file it tests', () => {
    const tests = testsUnder('test')
    expect(tests.length).toBeGreaterThan(0)
    expect(misplacedTests(tests, inProject)).toEqual([])
  })

  it('reports a test sorted by topic, one whose source is gone, one outside the source tree and one of a patch no longer there', () => {
    const misplaced = [
      'test/sync/sync-engine.test.ts',
      'test/src-renderer/jobs/sync/sync-stages.test.ts',
      'test/src-renderer/jobs/sync.test.ts',
      'test/docs/architecture.test.ts',
      'test/patches/dexie+4.4.6.test.ts',
      'test/patches/dexie.test.ts',
    ]
    expect(misplacedTests(misplaced, inPlanted)).toEqual(misplaced)
  })

  it('accepts a topic suffix, a script of scripts/, a patch and the folders of journeys and helpers', () => {
    const placed = [
      'test/src-renderer/sync/jobs/sync-engine.test.ts',
      'test/src-renderer/sync/jobs/sync-engine.storage-full.test.ts',
      'test/src-renderer/sync/jobs/sync-engine.fuzz.test.ts',
      'test/src-renderer/ui/app/App.test.ts',
      'test/scripts/start.test.ts',
      'test/patches/dexie+4.4.7.test.ts',
      'test/e2e/anything.test.ts',
      'test/soak/anything.test.ts',
      'test/support/anything.test.ts',
    ]
    expect(misplacedTests(placed, inPlanted)).toEqual([])
  })
})
