import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..')
const eslint = new ESLint({ cwd: ROOT })

/** The import rules lint reports for `code` as if it stood at `path` (the file need not exist). */
async function restrictedImports(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) })
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('src-node, the Node code main and the demo service share, keeps to its process', () => {
  it('main and the demo service may import it', async () => {
    const code = "import { readBoundedBody } from '../src-node/bounded-body'\nreadBoundedBody\n"
    expect(await restrictedImports('src-demo/planted.ts', code)).toEqual([])
    expect(
      await restrictedImports(
        'src-main/browser-shell/planted.ts',
        code.replace('../src-node', '../../src-node'),
      ),
    ).toEqual([])
  })

  it('the renderer may not', async () => {
    const code = "import { readBoundedBody } from '../../src-node/bounded-body'\nreadBoundedBody\n"
    expect(await restrictedImports('src-renderer/ui/hooks/planted.ts', code)).toEqual([
      expect.stringContaining('The renderer may import only src-shared'),
    ])
  })

  it('it imports neither main, the demo service nor the renderer', async () => {
    for (const target of [
      '../src-main/till-errors',
      '../src-demo',
      '../src-renderer/ui/app/screen-routes',
    ]) {
      const code = `import * as planted from '${target}'\nplanted\n`
      expect(await restrictedImports('src-node/planted.ts', code), target).toEqual([
        expect.stringContaining('src-node serves main and the demo service'),
      ])
    }
  })
})
