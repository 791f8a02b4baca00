import { readdirSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * One name for one thing: across the process folders (src-main, src-renderer, src-preload,
 * src-demo, src-node, src-shared) a file's base name is used once, so a name in a stack trace,
 * an import or a search points at one file. The one exception is each process's entry point,
 * `index`.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const ENTRY_POINT = 'index'

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(folder, entry.name))
      : [relative(root, join(folder, entry.name))],
  )
}

/** Base names (the name less its last extension) that more than one of `paths` has. */
function repeatedBaseNames(paths: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>()
  for (const path of paths) {
    const name = basename(path).replace(/\.[^.]+$/, '')
    if (name === ENTRY_POINT) continue
    byName.set(name, [...(byName.get(name) ?? []), path])
  }
  return new Map([...byName].filter(([, found]) => found.length > 1))
}

describe('base names', () => {
  it('finds a name used twice, whatever the folder or extension', () => {
    expect(
      repeatedBaseNames([
        'src-renderer/cache/labels.ts',
        'src-renderer/ui/screens/labels.tsx',
        'src-main/index.ts',
        'src-preload/index.ts',
        'src-demo/money.ts',
      ]),
    ).toEqual(
      new Map([['labels', ['src-renderer/cache/labels.ts', 'src-renderer/ui/screens/labels.tsx']]]),
    )
  })

  it('names each file of src-* once', () => {
    const processFolders = readdirSync(root).filter((name) => name.startsWith('src-'))
    expect(processFolders.length).toBeGreaterThan(0)
    const files = processFolders.flatMap((folder) => filesUnder(join(root, folder)))
    expect(repeatedBaseNames(files)).toEqual(new Map())
  })
})
