import { checkedBeanQuery, journalFolder, toolCsvRows, toolOutput } from '../support/exports/tools'

/**
 * A destination's exported files as a bookkeeper keeps them: each saved in one folder, and a main
 * file that includes them all, checked and added up by the real tools (hledger, ledger,
 * bean-check and bean-query).
 */
export interface Books {
  /** Saves an exported file; its path. */
  save(text: string): string
  /** A main file including these files, in this order; its path. */
  main(files: readonly string[]): string
  remove(): void
}

/**
 * The folder is made on the first file saved, so a process that loads the spec without running
 * it (Playwright's runner lists the tests) leaves nothing behind.
 */
export function booksFolder(format: 'ledger' | 'beancount'): Books {
  let folder: ReturnType<typeof journalFolder> | undefined
  const extension = format === 'ledger' ? 'journal' : 'beancount'
  const file = (text: string): string => {
    folder ??= journalFolder(`till-week-${format}-`)
    return folder.file(extension, text)
  }
  return {
    save: file,
    main: (files) =>
      file(
        files
          .map((path) => (format === 'ledger' ? `include ${path}\n` : `include "${path}"\n`))
          .join(''),
      ),
    remove: () => folder?.remove(),
  }
}

/** hledger's strict check: throws with what hledger said unless the journal passes. */
export async function hledgerStrict(path: string): Promise<void> {
  await toolOutput('hledger', ['-f', path, 'check', '--strict'])
}

/** ledger's strict balance: throws with its warnings unless it reads the journal without a word. */
export async function ledgerStrict(path: string): Promise<string> {
  const { stdout, stderr } = await toolOutput('ledger', [
    '--strict',
    '-f',
    path,
    'balance',
    '--flat',
    '--no-total',
  ])
  if (stderr !== '') throw new Error(`ledger --strict warned on ${path}: ${stderr}`)
  return stdout
}

/** Each account hledger finds a balance on, with that balance, sorted by account. */
export async function hledgerBalances(path: string): Promise<Map<string, number>> {
  const { stdout } = await toolOutput('hledger', [
    '-f',
    path,
    'balance',
    '--flat',
    '--no-total',
    '--output-format',
    'csv',
  ])
  return new Map(toolCsvRows(stdout).map(([account, amount]) => [account!, numberOf(amount!)]))
}

/** Each account bean-query sums, with its sum, from a main file bean-check passes. */
export async function beancountBalances(path: string): Promise<Map<string, number>> {
  const rows = await checkedBeanQuery(
    path,
    'SELECT account, sum(number) AS total GROUP BY account ORDER BY account',
  )
  return new Map(
    rows
      .map(([account, total]) => [account!.trim(), numberOf(total!)] as const)
      .filter(([, total]) => total !== 0),
  )
}

/** An amount as the tools print it (`-12,345.50 IDR`, `IDR -12345`, `-12345.00`), as a number. */
function numberOf(amount: string): number {
  const digits = amount.replace(/[^\d.-]/g, '')
  if (!/^-?\d+(\.\d+)?$/.test(digits)) throw new Error(`Not one amount: ${amount}`)
  return Number(digits)
}

/** The dates of a journal's transactions (beancount's `open` directives left out). */
export function transactionDates(text: string): string[] {
  return [...text.matchAll(/^(\d{4}-\d{2}-\d{2}) (?!open )/gm)].map((m) => m[1]!)
}

/** The ids of a journal's entries, from their `entry_id` tag or metadata. */
export function entryIds(text: string): string[] {
  return [...text.matchAll(/^\s+;?\s*entry_id: "?([^"\n]+)"?$/gm)].map((m) => m[1]!)
}
