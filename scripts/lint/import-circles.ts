import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** Each source file (by path from the root) and the files of ours it imports, types included. */
export type ImportGraph = Map<string, string[]>

const SOURCE = /\.(ts|tsx|mts|cts)$/
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '/index.ts', '/index.tsx']

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The file a relative specifier names (with or without its extension), or null. */
function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier)
  if (SOURCE.test(base) && existsSync(base)) return base
  const stripped = base.replace(/\.js$/, '')
  for (const ending of EXTENSIONS)
    if (existsSync(stripped + ending) && statSync(stripped + ending).isFile())
      return stripped + ending
  return null
}

/**
 * The import graph of `folders` under `root`: every `import`, `import type`, `export … from` and
 * `import()` of a relative path. Packages are left out; they cannot import us back.
 */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const folder of folders)
    for (const file of sourceFiles(join(root, folder))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      const targets = importedFiles
        .filter(({ fileName }) => fileName.startsWith('.'))
        .flatMap(({ fileName }) => resolveRelative(file, fileName) ?? [])
      graph.set(
        relative(root, file),
        [...new Set(targets)].map((target) => relative(root, target)),
      )
    }
  return graph
}

/**
 * The circles of the graph: each strongly connected set of two or more files (or a file that
 * imports itself), found by Tarjan's algorithm, as one path around it that returns to its start.
 */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  let next = 0
  const visit = (file: string): void => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member)
      component.push(member)
      if (member === file) break
    }
    if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component)
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return components.map((component) => circleThrough(graph, new Set(component)))
}

/** One path from the first file of a circle, through files of it, back to that file. */
function circleThrough(graph: ImportGraph, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue
      if (target === start) {
        const path = [start]
        for (let at = file; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file)
        queue.push(target)
      }
    }
  }
  return [start, start]
}

// `npm run lint` (and npm test's lint steps): exits 1 naming each circle among the src-* files.
const thisFile = fileURLToPath(import.meta.url)
if (process.argv[1] && resolve(process.argv[1]) === thisFile) {
  const root = resolve(dirname(thisFile), '../..')
  const folders = readdirSync(root).filter((name) => name.startsWith('src-'))
  const circles = importCircles(importGraph(root, folders))
  for (const circle of circles) console.log(`import circle: ${circle.join(' → ')}`)
  console.log(`${circles.length} import circle${circles.length === 1 ? '' : 's'} in src-*`)
  process.exit(circles.length === 0 ? 0 : 1)
}
