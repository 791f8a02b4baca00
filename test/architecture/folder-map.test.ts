import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md's folder map names every folder of the source two levels down
 * (`src-main/apps-api/`, `src-renderer/deposits/`), and nothing it names is gone: a map a
 * newcomer can trust, that a move or a new folder cannot leave behind.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The folders a map row names, from the code span in its first cell: `src-main/bridge/`. */
function namedFolders(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Folder map'))
  if (!section) return []
  return [...section.matchAll(/^\| `([\w./-]+\/)` \|/gm)].map(([, folder]) => folder!)
}

/** The source's folders that the map must name: `src-*` and the folders one level inside them. */
function sourceFolders(tops: string[], inside: (folder: string) => string[]): string[] {
  return tops.flatMap((top) => [`${top}/`, ...inside(top).map((child) => `${top}/${child}/`)])
}

/** What the map misses and what it names that is not there. */
function mapProblems(named: string[], folders: string[], exists: (folder: string) => boolean) {
  return [
    ...folders.filter((f) => !named.includes(f)).map((f) => `${f} is not in the folder map`),
    ...named.filter((f) => !exists(f)).map((f) => `${f} is in the folder map but not in the tree`),
  ]
}

const subfolders = (folder: string) =>
  readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
const isFolder = (folder: string) => {
  try {
    readdirSync(join(root, folder))
    return true
  } catch {
    return false
  }
}

describe('the folder map of docs/architecture.md', () => {
  const markdown = readFileSync(join(root, 'docs/architecture.md'), 'utf8')

  it('names every folder of the source two levels down, and only folders that exist', () => {
    const tops = subfolders('.').filter((name) => name.startsWith('src-'))
    expect(tops).toContain('src-renderer')
    const named = namedFolders(markdown)
    expect(named).toContain('src-renderer/deposits/')
    expect(mapProblems(named, sourceFolders(tops, subfolders), isFolder)).toEqual([])
  })

  it('finds a folder missing from the map and a row for a folder that is gone', () => {
    const map =
      '## Folder map\n\n| folder | holds |\n|---|---|\n| `src-a/` | a |\n| `src-a/gone/` | b |\n\n## Next\n\n| `src-a/later/` | not the map |\n'
    const named = namedFolders(map)
    expect(named).toEqual(['src-a/', 'src-a/gone/'])
    const folders = sourceFolders(['src-a'], () => ['kept'])
    expect(mapProblems(named, folders, (f) => folders.includes(f))).toEqual([
      'src-a/kept/ is not in the folder map',
      'src-a/gone/ is in the folder map but not in the tree',
    ])
  })
})
