import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalFormat } from '../../../../../src-renderer/exports/rules/formats/journal-formats'
import type { Granularity } from '../../../../../src-renderer/exports/rules/export-log'
import { runExport } from '../../../../../src-renderer/exports/jobs/run-export'
import { switchGranularity } from '../../../../../src-renderer/exports/tables/destinations'
import { demoCache, type DemoCache } from '../../../../support/demo-cache'
import { collectParts } from '../../../../support/exports/collect'
import { EMPTY_MAPPING } from '../../../../support/journal-context'

/**
 * The demo shop's last 7 days, exported as the app exports them, through the strict checks of
 * the real tools: `hledger check --strict` (every account and commodity declared), `ledger
 * --strict balance` and `bean-check`.
 */

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'till-demo-journals-'))
let shop: DemoCache | undefined

beforeAll(async () => {
  shop = await demoCache({ currency: 'IDR', timeZone: 'Asia/Jakarta', seed: 41, days: 7 })
  await shop.applyCloseEvents()
}, 120_000)

afterAll(async () => {
  await shop?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The journal of the range, written as if to a fresh set of books. */
async function exported(what: JournalFormat, granularity: Granularity): Promise<string[]> {
  const { db, currency, timeZone } = shop!
  await Promise.all([db.logPages.clear(), db.exportBatches.clear(), db.destinations.clear()])
  await switchGranularity(db, what, granularity, null)
  return collectParts(
    runExport({
      db,
      what,
      range: { from: '2026-11-14', to: '2026-11-20', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone,
      currency,
    }),
  )
}

function file(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe("the demo shop's last 7 days in the real tools", () => {
  for (const granularity of ['bill', 'session'] as const) {
    it(`pass hledger check --strict and ledger --strict (per ${granularity})`, async () => {
      const [text = ''] = await exported('ledger', granularity)
      expect(text).toContain('commodity IDR')
      const path = file(`demo-${granularity}.journal`, text)
      const hledger = await run('hledger', ['-f', path, 'check', '--strict'])
      expect(hledger.stderr).toBe('')
      const ledger = await run('ledger', ['--strict', '-f', path, 'balance'])
      expect(ledger.stderr.slice(0, 400)).toBe('')
      expect(ledger.stdout).toMatch(/IDR/)
    }, 60_000)

    it(`pass bean-check (per ${granularity})`, async () => {
      const [text = ''] = await exported('beancount', granularity)
      const path = file(`demo-${granularity}.beancount`, text)
      const check = await run('bean-check', [path])
      expect(check.stdout + check.stderr).toBe('')
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \* /m)
    }, 60_000)
  }
})
