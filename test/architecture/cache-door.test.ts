import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * A capability's `tables/` (and the database beneath them) are the only door to Dexie, and the lint
 * config says so: a table or transaction call planted in a screen, a job or a rule fails lint, the
 * same call in a capability's tables passes, and so does a screen calling a table's named function
 * through the capability's door.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })
const ONLY_DOOR =
  "no-restricted-syntax: A capability's tables are the only door to Dexie: call a named function of its tables/."

async function lintAt(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`)
}

/** The database's type, imported from where a file at `filePath` finds it. */
function header(filePath: string): string {
  const depth = filePath.split('/').length - 2
  return `import type { TillDatabase } from '${'../'.repeat(depth)}database/database'\n`
}

describe('the tables are the only door to Dexie', () => {
  it('fails table and transaction calls planted in jobs, rules and ui, each once', async () => {
    const planted: [string, string][] = [
      ['src-renderer/exports/jobs/planted.ts', "db.bills.where('total').above(0).count()"],
      ['src-renderer/sync/jobs/planted.ts', "db.transaction('rw', [], async () => undefined)"],
      ['src-renderer/ui/screens/bills/planted.ts', "db.table('bills').count()"],
      ['src-renderer/day-close/jobs/planted.ts', 'connection.db.meta.toArray()'],
      ['src-renderer/sync/jobs/planted.ts', 'this_.ctx.db.pendingDetails.count()'],
      ['src-renderer/ui/screens/planted.ts', 'freshDb.sessions.get("S")'],
      ['src-renderer/deposits/index.ts', 'db.statementLines.count()'],
    ]
    for (const [filePath, call] of planted) {
      const code = `${header(filePath)}export declare const db: TillDatabase, freshDb: TillDatabase
export declare const connection: { db: TillDatabase }, this_: { ctx: { db: TillDatabase } }
export const planted = () => ${call}\n`
      expect(await lintAt(filePath, code), `${call} in ${filePath}`).toEqual([ONLY_DOOR])
    }
  })

  it('fails a table held in a variable, where it is taken from the database', async () => {
    const filePath = 'src-renderer/exports/jobs/planted.ts'
    const messages = await lintAt(
      filePath,
      `${header(filePath)}export const bills = (db: TillDatabase) => db.bills\n`,
    )
    expect(messages).toEqual([ONLY_DOOR])
  })

  it('passes the same calls in a capability’s tables and in the database, and a screen calling a table’s function through the door', async () => {
    for (const filePath of [
      'src-renderer/sessions/tables/planted.ts',
      'src-renderer/database/planted.ts',
    ]) {
      expect(
        await lintAt(
          filePath,
          header(filePath) +
            "export const planted = (db: TillDatabase) => db.transaction('r', db.bills, () => db.bills.count())\n",
        ),
        filePath,
      ).toEqual([])
    }
    expect(
      await lintAt(
        'src-renderer/ui/screens/bills/planted.ts',
        "import type { TillDatabase } from '../../../database/database'\n" +
          "import { readBill } from '../../../sessions'\n" +
          "export const planted = (db: TillDatabase, sessions: string[]) => [readBill(db, 'B'), sessions.length]\n",
      ),
    ).toEqual([])
  })
})
