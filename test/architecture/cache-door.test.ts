import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * `src-renderer/cache/` is the only door to Dexie, and the lint config says so: a table or
 * transaction call planted in ui or jobs fails lint, the same call in cache passes, and so does
 * ui calling the cache's named function.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })
const ONLY_DOOR =
  'no-restricted-syntax: The cache is the only door to Dexie: call a named function of src-renderer/cache/.'

async function lintAt(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`)
}

const header = "import type { TillDatabase } from '../../cache/database'\n"

describe('the cache is the only door to Dexie', () => {
  it('fails table and transaction calls planted in jobs and ui, each once', async () => {
    const planted: [string, string][] = [
      ['src-renderer/jobs/exports/planted.ts', "db.bills.where('total').above(0).count()"],
      ['src-renderer/jobs/sync/planted.ts', "db.transaction('rw', [], async () => undefined)"],
      ['src-renderer/ui/screens/bills/planted.ts', "db.table('bills').count()"],
      ['src-renderer/jobs/planted.ts', 'connection.db.meta.toArray()'],
      ['src-renderer/jobs/sync/planted.ts', 'this_.ctx.db.pendingDetails.count()'],
      ['src-renderer/ui/screens/planted.ts', 'freshDb.sessions.get("S")'],
    ]
    for (const [filePath, call] of planted) {
      const code = `${header}export declare const db: TillDatabase, freshDb: TillDatabase
export declare const connection: { db: TillDatabase }, this_: { ctx: { db: TillDatabase } }
export const planted = () => ${call}\n`
      expect(await lintAt(filePath, code), `${call} in ${filePath}`).toEqual([ONLY_DOOR])
    }
  })

  it('fails a table held in a variable, where it is taken from the database', async () => {
    const messages = await lintAt(
      'src-renderer/jobs/exports/planted.ts',
      `${header}export const bills = (db: TillDatabase) => db.bills\n`,
    )
    expect(messages).toEqual([ONLY_DOOR])
  })

  it('passes the same calls in the cache, and ui calling the cache’s named function', async () => {
    expect(
      await lintAt(
        'src-renderer/cache/planted.ts',
        "import type { TillDatabase } from './database'\n" +
          "export const planted = (db: TillDatabase) => db.transaction('r', db.bills, () => db.bills.count())\n",
      ),
    ).toEqual([])
    expect(
      await lintAt(
        'src-renderer/ui/screens/bills/planted.ts',
        "import type { TillDatabase } from '../../../cache/database'\n" +
          "import { readBill } from '../../../cache/bill-reads'\n" +
          "export const planted = (db: TillDatabase, sessions: string[]) => [readBill(db, 'B'), sessions.length]\n",
      ),
    ).toEqual([])
  })
})
