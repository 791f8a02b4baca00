import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..')
const eslint = new ESLint({ cwd: ROOT })

/** A function `lines` long from its first line to its closing brace, its body `body(i)`. */
function plantedFunction(lines: number, body = (i: number) => `  total += ${i}`): string {
  const inner = Array.from({ length: lines - 4 }, (_, i) => body(i))
  return [
    'export function planted(): number {',
    '  let total = 0',
    ...inner,
    '  return total',
    '}',
  ].join('\n')
}

/** The function-length messages lint gives `code` as if it stood at `path` (it need not exist). */
async function lengthProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: join(ROOT, path) })
  return result!.messages
    .filter((message) => message.ruleId === 'max-lines-per-function')
    .map((message) => message.message)
}

describe('no function in src-* runs over 150 lines', () => {
  it('lint refuses a planted function of 151 lines in every source folder', async () => {
    for (const path of [
      'src-renderer/ui/screens/planted.tsx',
      'src-renderer/sessions/tables/planted.ts',
      'src-main/planted.ts',
      'src-demo/planted.ts',
      'src-shared/planted.ts',
      'src-node/planted.ts',
      'src-preload/planted.ts',
    ]) {
      expect(await lengthProblems(path, plantedFunction(151)), path).toEqual([
        expect.stringContaining('(151). Maximum allowed is 150'),
      ])
    }
  })

  it('lets one of 150 lines through', async () => {
    expect(
      await lengthProblems('src-renderer/ui/screens/planted.tsx', plantedFunction(150)),
    ).toEqual([])
  })

  it('counts blank lines and comments inside a function', async () => {
    const padded = plantedFunction(151, (i) =>
      i % 3 === 0 ? '' : i % 3 === 1 ? '  // a note' : '  total += 1',
    )
    expect(await lengthProblems('src-main/planted.ts', padded)).toEqual([
      expect.stringContaining('(151)'),
    ])
  })
})
