import { readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The design lives in docs/, and whatever cites it resolves there: every `docs/<page>.md#<heading>`
 * named in src-*, test/, scripts/ and README.md names a page that exists and a heading on it, the
 * pages' links to one another resolve, and nothing cites the design document the project used to
 * keep outside the repository ("DESIGN", "DESIGN.md", "§4"). A "§" stays only in a file that
 * cites the service's interface document by name ("interface §5.3", "the interface document's
 * §6"), whose sections it numbers (docs/service.md#interface-document). And the files and folders
 * the pages name, and the files comments in src-* name, exist.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const docsDir = join(root, 'docs')

/** This file plants the references it must refuse; it is checked by the planted cases instead. */
const SELF = 'test/architecture/docs-references.test.ts'
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|sh|html|css)$/
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'out',
  'dist',
  'test-results',
  'playwright-report',
])

interface SourceFile {
  path: string
  text: string
}

function walk(dir: string, files: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) walk(join(dir, entry.name), files)
    } else if (TEXT_FILE.test(entry.name)) files.push(join(dir, entry.name))
  }
  return files
}

function projectFiles(): SourceFile[] {
  const folders = readdirSync(root, { withFileTypes: true })
    .filter(
      (e) => e.isDirectory() && (e.name.startsWith('src-') || ['test', 'scripts'].includes(e.name)),
    )
    .map((e) => join(root, e.name))
  const paths = [...folders.flatMap((folder) => walk(folder, [])), join(root, 'README.md')]
  return paths
    .map((path) => ({
      path: relative(root, path).split('\\').join('/'),
      text: readFileSync(path, 'utf8'),
    }))
    .filter((file) => file.path !== SELF)
}

function docsPages(): Map<string, string> {
  return new Map(
    readdirSync(docsDir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => [name, readFileSync(join(docsDir, name), 'utf8')]),
  )
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a page's headings, outside code blocks; a repeated one gets -1, -2, … */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  let inCode = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode
    const heading = inCode ? null : /^#{1,6} (.+)$/.exec(line)
    if (!heading) continue
    const base = anchorOf(heading[1]!)
    let anchor = base
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`
    anchors.add(anchor)
  }
  return anchors
}

const DOCS_REFERENCE = /docs\/([\w-]+\.md)(?:#([\w-]+))?/g
const OLD_DESIGN = /\bDESIGN\b/
const CITES_INTERFACE = /interface (document(’s|'s)? )?§|interface document/i

function unresolved(pages: Map<string, string>, page: string, anchor: string | undefined) {
  const markdown = pages.get(page)
  if (markdown === undefined) return `names docs/${page}, which does not exist`
  if (anchor !== undefined && !anchorsOf(markdown).has(anchor))
    return `names #${anchor}, which is no heading of docs/${page}`
  return null
}

/** What is wrong with the references in `files`, one line each, as `path:line: what`. */
function referenceProblems(files: readonly SourceFile[], pages: Map<string, string>): string[] {
  const problems: string[] = []
  for (const file of files) {
    const citesInterface = CITES_INTERFACE.test(file.text)
    file.text.split('\n').forEach((line, i) => {
      const at = `${file.path}:${i + 1}`
      for (const [, page, anchor] of line.matchAll(DOCS_REFERENCE)) {
        const problem = unresolved(pages, page!, anchor)
        if (problem) problems.push(`${at}: ${problem}`)
      }
      if (OLD_DESIGN.test(line))
        problems.push(`${at}: cites DESIGN, which is not in the project: cite docs/ instead`)
      else if (line.includes('§') && !citesInterface)
        problems.push(`${at}: a § that is no section of the interface document: cite docs/ instead`)
    })
  }
  return problems
}

/** Links from one docs page to another (or to itself) that name no page or no heading. */
function linkProblems(pages: Map<string, string>): string[] {
  const problems: string[] = []
  for (const [name, markdown] of pages) {
    for (const [, target, anchor] of markdown.matchAll(/\]\(([\w-]*\.md|)(?:#([\w-]+))?\)/g)) {
      const page = target === '' ? name : target!
      const problem = unresolved(pages, page, anchor)
      if (problem) problems.push(`docs/${name}: links to ${page}#${anchor ?? ''}, but ${problem}`)
    }
  }
  return problems
}

/** Every file of the project, as a path from its root. */
function repositoryPaths(): string[] {
  const skipped = new Set([...SKIPPED_FOLDERS, '.git'])
  const paths: string[] = []
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name)) visit(join(dir, entry.name))
      } else paths.push(relative(root, join(dir, entry.name)).split('\\').join('/'))
    }
  }
  visit(root)
  return paths
}

/**
 * Whether a path a page or a comment names is in the project: itself, or the end of a path (the
 * pages name files from their process folder, `sync/tables/writes.ts`); a folder when it ends in `/`.
 */
function named(path: string, repository: readonly string[]): boolean {
  if (path.endsWith('/')) {
    const folder = path.slice(0, -1)
    return repository.some((p) => p.startsWith(`${folder}/`) || p.includes(`/${folder}/`))
  }
  return repository.some((p) => p === path || p.endsWith(`/${path}`))
}

const CODE_SPAN = /`([^`\n]+)`/g
/** A code span that is a path: words joined by `/`, ending in `/` or a source or text file. */
const PATH_SPAN = /^[\w.-]+(\/[\w.-]+)*(\/|\.(ts|tsx|md|mjs|cjs|json))$/

/** Files and folders the pages name in code spans that the project does not have. */
function missingInPages(pages: Map<string, string>, repository: readonly string[]): string[] {
  const problems: string[] = []
  for (const [name, markdown] of pages)
    for (const [, span] of markdown.matchAll(CODE_SPAN))
      if (PATH_SPAN.test(span!) && !named(span!, repository))
        problems.push(`docs/${name}: names ${span}, which is not in the project`)
  return problems
}

/** A TypeScript file named in a comment: `./x.ts`, `cache/x.ts`, `x.ts`. */
const FILE_IN_TEXT = /(?<![\w/.@-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w.-]+\.tsx?)(?![\w/])/g
const IMPORT_LINE = /\bfrom '|\bimport\(|\brequire\(/

/** Files named in src-* that the project does not have; a path from `./` or `../` from its file. */
function missingInSources(files: readonly SourceFile[], repository: readonly string[]): string[] {
  const problems: string[] = []
  for (const file of files) {
    file.text.split('\n').forEach((line, i) => {
      if (IMPORT_LINE.test(line)) return
      for (const [, path] of line.matchAll(FILE_IN_TEXT)) {
        const found = path!.startsWith('.')
          ? repository.includes(posix.join(posix.dirname(file.path), path!))
          : named(path!, repository)
        if (!found)
          problems.push(`${file.path}:${i + 1}: names ${path}, which is not in the project`)
      }
    })
  }
  return problems
}

describe('references to the design', () => {
  const pages = docsPages()

  it('resolve in docs/ from every file of src-*, test/, scripts/ and README.md, none citing DESIGN', () => {
    const files = projectFiles()
    const paths = files.map((f) => f.path)
    expect(paths).toContain('README.md')
    expect(paths).toContain('src-demo/README.md')
    expect(paths).toContain('src-renderer/day-close/rules/day-close.ts')
    expect(paths).toContain('test/support/exports/day-close.ts')
    const references = files.flatMap((f) => [...f.text.matchAll(DOCS_REFERENCE)])
    expect(references.length).toBeGreaterThan(40)
    expect(referenceProblems(files, pages)).toEqual([])
  })

  it('resolve between the pages of docs/', () => {
    expect(pages.size).toBeGreaterThanOrEqual(5)
    expect(linkProblems(pages)).toEqual([])
  })

  it('fail on a missing page, a missing heading, DESIGN, DESIGN.md and a stray §', () => {
    const planted: SourceFile[] = [
      {
        path: 'src-renderer/cache/planted.ts',
        text: [
          '/** The figures (docs/ledger.md#expected-cash) of docs/ledger.md. */',
          '/** The rules (docs/ledgers.md#expected-cash). */',
          '/** The rules (docs/ledger.md#expected-cash-rules). */',
          '/** The journal rules of DESIGN §4. */',
          '/** As `DESIGN.md` says. */',
          '/** Every §4 figure. */',
        ].join('\n'),
      },
    ]
    expect(referenceProblems(planted, pages)).toEqual([
      'src-renderer/cache/planted.ts:2: names docs/ledgers.md, which does not exist',
      'src-renderer/cache/planted.ts:3: names #expected-cash-rules, which is no heading of docs/ledger.md',
      'src-renderer/cache/planted.ts:4: cites DESIGN, which is not in the project: cite docs/ instead',
      'src-renderer/cache/planted.ts:5: cites DESIGN, which is not in the project: cite docs/ instead',
      'src-renderer/cache/planted.ts:6: a § that is no section of the interface document: cite docs/ instead',
    ])
  })

  it('let a file that names the interface document number its sections with §', () => {
    const planted: SourceFile[] = [
      {
        path: 'test/demo-service/planted.test.ts',
        text: "/** Signing (interface §5.3). */\nit('§6 redelivers a failed event', () => {})\n",
      },
    ]
    expect(referenceProblems(planted, pages)).toEqual([])
  })

  it('name files and folders the project has, in the pages and in the comments of src-*', () => {
    const repository = repositoryPaths()
    expect(missingInPages(pages, repository)).toEqual([])
    const sources = projectFiles().filter((f) => f.path.startsWith('src-'))
    expect(missingInSources(sources, repository)).toEqual([])
  })

  it('fail on a page or a comment naming a file or a folder the project does not have', () => {
    const repository = repositoryPaths()
    const page = new Map([
      [
        'planted.md',
        'Kept by `sessions/tables/session-tally-store.ts` and `cache/talies.ts`, in `jobs/sync/` and `jobs/sink/`.',
      ],
    ])
    expect(missingInPages(page, repository)).toEqual([
      'docs/planted.md: names cache/talies.ts, which is not in the project',
      'docs/planted.md: names jobs/sink/, which is not in the project',
    ])
    const comments: SourceFile[] = [
      {
        path: 'src-renderer/cache/planted.ts',
        text: [
          '// Per destination (./destinations.ts, exports/destinations.ts, ./log-pages.ts).',
          "import { db } from './database.ts'",
          '// See records-written.ts and record-written.ts.',
        ].join('\n'),
      },
    ]
    expect(missingInSources(comments, repository)).toEqual([
      'src-renderer/cache/planted.ts:1: names exports/destinations.ts, which is not in the project',
      'src-renderer/cache/planted.ts:3: names record-written.ts, which is not in the project',
    ])
  })

  it('fail on a link between pages to a heading that is not there', () => {
    const broken = new Map(pages)
    broken.set('planted.md', '# Planted\n\nSee [cash](ledger.md#cash) and [above](#planted-too).\n')
    expect(linkProblems(broken)).toEqual([
      'docs/planted.md: links to ledger.md#cash, but names #cash, which is no heading of docs/ledger.md',
      'docs/planted.md: links to planted.md#planted-too, but names #planted-too, which is no heading of docs/planted.md',
    ])
  })
})
