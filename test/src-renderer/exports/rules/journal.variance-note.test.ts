import { afterAll, describe, expect, it } from 'vitest'
import { AccountResolver } from '../../../../src-renderer/exports/rules/accounts'
import {
  BEANCOUNT_DEFAULTS,
  writeBeancount,
} from '../../../../src-renderer/exports/rules/formats/beancount'
import { writeJournalCsv } from '../../../../src-renderer/exports/rules/formats/journal-csv'
import { writeLedgerJournal } from '../../../../src-renderer/exports/rules/formats/ledger'
import { varianceEntries } from '../../../../src-renderer/exports/rules/journal'
import { collectText } from '../../../support/exports/collect'
import { parseCsvFile } from '../../../support/exports/csv-parse'
import { journalFolder, toolCsvRows, toolOutput } from '../../../support/exports/tools'
import { EMPTY_MAPPING, NOTHING_POSTED } from '../../../support/journal-context'

/** The cash count's variance entry says who counted and why the count differs, in the books. */

const folder = journalFolder('till-variance-note-')
afterAll(() => folder.remove())

// A note as a manager types it, with what each format reads as syntax.
const NOTE = 'Till short; "float" taken\nfor change | 2026-01-01 open Assets:Evil'
const ONE_LINE = 'Till short; "float" taken for change | 2026-01-01 open Assets:Evil'
// The session as people know it: its id stays a tag.
const LABEL = 'Fri 20 Nov · Salmiya · 08:10–17:45'

const [entry] = varianceEntries(
  [
    {
      registerSessionId: 's1',
      session: LABEL,
      locationId: 'loc1',
      businessDate: '2026-11-20',
      currency: 'USD',
      cashVariance: -1250,
      countedBy: 'Ana Putri',
      note: NOTE,
    },
  ],
  {
    accounts: new AccountResolver(EMPTY_MAPPING),
    timeZone: 'Asia/Jakarta',
    posted: NOTHING_POSTED,
  },
)

describe('the cash count variance entry', () => {
  it('carries who counted and the note in its description', () => {
    expect(entry!.description).toBe(`Cash count variance, ${LABEL}, counted by Ana Putri: ${NOTE}`)
  })

  it('reads back whole from the beancount narration, and bean-check passes', async () => {
    const path = folder.file(
      'beancount',
      await collectText(writeBeancount([[entry!]], BEANCOUNT_DEFAULTS)),
    )
    const check = await toolOutput('bean-check', [path])
    expect(check.stdout + check.stderr).toBe('')
    const { stdout } = await toolOutput('bean-query', [
      '-f',
      'csv',
      path,
      'SELECT DISTINCT narration',
    ])
    expect(toolCsvRows(stdout).map((row) => row[0]?.trim())).toEqual([
      `Cash count variance, ${LABEL}, counted by Ana Putri: ${ONE_LINE}`,
    ])
  })

  it('reads back from the hledger description, inert, and hledger check --strict passes', async () => {
    const path = folder.file('journal', await collectText(writeLedgerJournal([[entry!]])))
    const check = await toolOutput('hledger', ['-f', path, 'check', '--strict'])
    expect(check.stderr).toBe('')
    const { stdout } = await toolOutput('hledger', ['-f', path, 'register', '-O', 'csv'])
    const descriptions = new Set(toolCsvRows(stdout).map((row) => row[3]))
    // `;` and `|` are syntax in a description (ledger.ts): they read back as `,` and `¦`.
    expect([...descriptions]).toEqual([
      `Cash count variance, ${LABEL}, counted by Ana Putri: Till short, "float" taken for change ¦ 2026-01-01 open Assets:Evil`,
    ])
  })

  it('is in the journal CSV description', async () => {
    const rows = parseCsvFile(await collectText(writeJournalCsv([[entry!]])))
    expect(new Set(rows.map((row) => row['description']))).toEqual(
      new Set([`Cash count variance, ${LABEL}, counted by Ana Putri: ${ONE_LINE}`]),
    )
  })
})
