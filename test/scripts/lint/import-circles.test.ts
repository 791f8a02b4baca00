import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importCircles, importGraph } from '../../../scripts/lint/import-circles'

/**
 * No source file imports, through any chain of imports (types included), a file that imports it
 * back: a circle makes load order matter and a layer impossible to lift out. A walk of the
 * imports rather than a lint plugin: it reads type-only imports and re-exports as TypeScript
 * does, needs no resolver of its own, and reads every src-* file once in well under a second.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url))
const sourceFolders = readdirSync(root).filter((name) => name.startsWith('src-'))

describe('import circles', () => {
  it('finds none in any src-* folder', () => {
    const graph = importGraph(root, sourceFolders)
    expect(graph.size).toBeGreaterThan(100)
    expect(importCircles(graph).map((circle) => circle.join(' → '))).toEqual([])
  })

  it('finds a circle of three files, a file importing itself, and nothing in a chain', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['e.ts']],
      ['f.ts', ['a.ts']],
    ])
    expect(importCircles(graph)).toEqual([
      ['e.ts', 'e.ts'],
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
    ])
  })
})
