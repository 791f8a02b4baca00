import { ESLint } from 'eslint'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The renderer is cut by capability (docs/architecture.md#capabilities): one folder for each part
 * of a shop's work, each holding its pure rules (`rules/`), its tables (`tables/`), its work over
 * time (`jobs/`) and its one door (`index.ts`), beside the few folders every capability stands on.
 * The tree is checked against that list, and the lint config keeps the direction: a screen goes
 * through a capability's door, jobs → tables → rules inside it, rules stay pure.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const renderer = join(root, 'src-renderer')

const CAPABILITIES = [
  'backup',
  'day-close',
  'deposits',
  'exports',
  'sessions',
  'settings',
  'shared-books',
  'sync',
  'webhooks',
]
/** What every capability stands on: main's edge, the database, how things read, the screens. */
const FOUNDATIONS = ['bridge', 'database', 'format', 'ui']
const TOP_FILES = ['index.html', 'main.tsx', 'public']
const PARTS = ['index.ts', 'jobs', 'rules', 'tables']
/** Where Dexie's code (not its types) may be imported: the tables, the database, live queries. */
const DEXIE_AT = /^(database\/|[\w-]+\/tables\/|ui\/hooks\/use-live-queries\.ts$)/

/** What is out of place in a renderer tree given as paths from `src-renderer/`. */
function layoutProblems(files: { path: string; text: string }[]): string[] {
  const problems = new Set<string>()
  for (const { path, text } of files) {
    const [top, part] = path.split('/')
    if (path.split('/').length === 1) {
      if (!TOP_FILES.includes(top!)) problems.add(`${path}: a file at the renderer's top`)
    } else if (CAPABILITIES.includes(top!)) {
      if (!PARTS.includes(part!))
        problems.add(`${top}/${part}: a capability holds only rules/, tables/, jobs/ and index.ts`)
    } else if (!FOUNDATIONS.includes(top!) && !TOP_FILES.includes(top!)) {
      problems.add(`${top}/: neither a capability nor a foundation`)
    }
    if (/^import (?!type )[^\n]*from 'dexie'/m.test(text) && !DEXIE_AT.test(path))
      problems.add(`${path}: imports Dexie outside a capability's tables and the database`)
  }
  return [...problems]
}

function rendererFiles(): { path: string; text: string }[] {
  return readdirSync(renderer, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = join(entry.parentPath, entry.name)
      return {
        path: relative(renderer, full).split('\\').join('/'),
        text: /\.tsx?$/.test(entry.name) ? readFileSync(full, 'utf8') : '',
      }
    })
}

const eslint = new ESLint({ cwd: root })
async function lintAt(filePath: string, from: string): Promise<string[]> {
  const code = `import * as planted from '${from}'\nexport { planted }\n`
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`)
}

describe('the renderer by capability', () => {
  it('holds the capability folders, each with its parts only, beside the foundations', () => {
    const files = rendererFiles()
    const tops = new Set(files.map((f) => f.path.split('/')[0]))
    expect([...tops].filter((top) => !TOP_FILES.includes(top!)).sort()).toEqual(
      [...CAPABILITIES, ...FOUNDATIONS].sort(),
    )
    for (const capability of CAPABILITIES)
      expect(files.map((f) => f.path)).toContain(`${capability}/index.ts`)
    expect(layoutProblems(files)).toEqual([])
  })

  it('finds a layer folder come back, a capability’s stray file or folder, and Dexie outside tables', () => {
    const planted = [
      { path: 'cache/writes.ts', text: '' },
      { path: 'deposits/matching.ts', text: '' },
      { path: 'exports/formats/csv.ts', text: '' },
      { path: 'sessions/jobs/planted.ts', text: "import Dexie from 'dexie'\n" },
      { path: 'sessions/tables/planted.ts', text: "import Dexie from 'dexie'\n" },
      { path: 'stray.ts', text: '' },
    ]
    expect(layoutProblems(planted)).toEqual([
      'cache/: neither a capability nor a foundation',
      'deposits/matching.ts: a capability holds only rules/, tables/, jobs/ and index.ts',
      'exports/formats: a capability holds only rules/, tables/, jobs/ and index.ts',
      "sessions/jobs/planted.ts: imports Dexie outside a capability's tables and the database",
      "stray.ts: a file at the renderer's top",
    ])
  })

  it('fails a screen importing a capability’s inner file, and passes the same through its door', async () => {
    const at = 'src-renderer/ui/screens/sessions/planted.ts'
    const inner = await lintAt(at, '../../../sessions/tables/session-list')
    expect(inner).toHaveLength(1)
    expect(inner[0]).toContain('A screen reaches a capability only through its door')
    expect(await lintAt(at, '../../../sessions')).toEqual([])
  })

  it('keeps jobs → tables → rules inside a capability, rules pure and the bridge an edge', async () => {
    const cases: [string, string, string][] = [
      ['src-renderer/deposits/rules/planted.ts', '../tables/deposit-rows', 'rules are pure'],
      [
        'src-renderer/deposits/rules/statements/planted.ts',
        '../../../database/cached-records',
        'rules are pure',
      ],
      ['src-renderer/format/planted.ts', 'dexie', 'rules are pure: no Dexie, no React'],
      ['src-renderer/sessions/rules/planted.ts', 'react', 'rules are pure: no Dexie, no React'],
      [
        'src-renderer/deposits/tables/planted.ts',
        '../../exports/jobs/run-export',
        'they may not import jobs',
      ],
      [
        'src-renderer/sync/tables/planted.ts',
        '../../bridge/bridge-client',
        'not import ui or the bridge',
      ],
      ['src-renderer/exports/jobs/planted.ts', '../../ui/app/screen-routes', 'may not import ui'],
      ['src-renderer/exports/jobs/planted.ts', '../../deposits', 'door is for the screens'],
      ['src-renderer/bridge/planted.ts', '../sync/jobs/sync-controller', 'edge to main'],
    ]
    for (const [filePath, from, message] of cases) {
      const messages = await lintAt(filePath, from)
      expect(messages, `${filePath} importing ${from}`).toHaveLength(1)
      expect(messages[0]).toContain(message)
    }
  })

  it('passes the direction it keeps: jobs on tables, tables on rules, rules on rules and src-shared', async () => {
    const cases: [string, string][] = [
      ['src-renderer/exports/jobs/planted.ts', '../../deposits/tables/deposit-matches'],
      ['src-renderer/deposits/tables/planted.ts', '../../exports/rules/journal'],
      ['src-renderer/exports/rules/planted.ts', '../../day-close/rules/day-close'],
      ['src-renderer/format/planted.ts', '../../src-shared/bridge/contract'],
      ['src-renderer/bridge/planted.ts', '../../src-shared/bridge/contract'],
    ]
    for (const [filePath, from] of cases)
      expect(await lintAt(filePath, from), `${filePath} importing ${from}`).toEqual([])
  })
})
