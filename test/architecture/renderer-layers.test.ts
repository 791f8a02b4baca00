import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The renderer's layers import downward only (ui → jobs → cache → domain; jobs → bridge), and
 * the lint config says so: an import planted against the direction fails lint with the layer's
 * message, the same import the other way passes.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function lintAt(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`)
}

describe('renderer layers', () => {
  it('fails an import of ui planted in cache', async () => {
    const messages = await lintAt(
      'src-renderer/cache/planted.ts',
      "import { App } from '../ui/app/App'\nexport const planted = App\n",
    )
    expect(messages).toEqual([
      "no-restricted-imports: '../ui/app/App' import is restricted from being used by a pattern. cache sits on domain: it may import domain and src-shared only.",
    ])
  })

  it('passes the same kind of import downward, ui reading the cache', async () => {
    const messages = await lintAt(
      'src-renderer/ui/screens/planted.ts',
      "import { TillDatabase } from '../../cache/database'\nexport const planted = TillDatabase\n",
    )
    expect(messages).toEqual([])
  })

  it('fails jobs importing ui, domain importing the cache or Dexie, and bridge importing jobs', async () => {
    const cases: [string, string, string][] = [
      [
        'src-renderer/jobs/exports/planted.ts',
        '../../ui/app/screen-routes',
        'it may not import ui',
      ],
      [
        'src-renderer/domain/journal/planted.ts',
        '../../cache/cached-records',
        'it may import only src-shared',
      ],
      ['src-renderer/domain/planted.ts', 'dexie', 'domain is pure: no Dexie, no React'],
      [
        'src-renderer/bridge/planted.ts',
        '../jobs/sync/sync-controller',
        'it may import only src-shared',
      ],
    ]
    for (const [filePath, from, message] of cases) {
      const messages = await lintAt(
        filePath,
        `import * as planted from '${from}'\nexport { planted }\n`,
      )
      expect(messages, `${filePath} importing ${from}`).toHaveLength(1)
      expect(messages[0]).toContain(message)
    }
  })

  it('lets domain import src-shared, whose bridge folder is not the renderer’s', async () => {
    const messages = await lintAt(
      'src-renderer/domain/format/planted.ts',
      "import type { ProfileView } from '../../../src-shared/bridge/contract'\nexport type Planted = ProfileView\n",
    )
    expect(messages).toEqual([])
  })
})
