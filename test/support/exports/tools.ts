import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { parseCsv } from './csv-parse'

/** Running Debian's hledger, ledger and beancount on files the test writes. */

const run = promisify(execFile)

/** A scratch folder for journal files, with a function to remove it after the tests. */
export function journalFolder(prefix: string): {
  file: (extension: string, text: string) => string
  remove: () => void
} {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  let count = 0
  return {
    file(extension, text) {
      const path = join(dir, `journal-${++count}.${extension}`)
      writeFileSync(path, text)
      return path
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** A tool's output and anything it said on stderr (where the tools report errors and warnings). */
export async function toolOutput(
  command: string,
  args: string[],
): Promise<{ stdout: string; stderr: string }> {
  return run(command, args, { maxBuffer: 64 * 1024 * 1024 })
}

/** CSV as the tools print it (LF line ends, bean-query's padded cells), header row dropped. */
export function toolCsvRows(csv: string): string[][] {
  const [, ...rows] = parseCsv(csv.replace(/\r?\n/g, '\r\n'))
  return rows
}

/** The rows of a bean-query on a file that bean-check passes without a word. */
export async function checkedBeanQuery(path: string, query: string): Promise<string[][]> {
  const check = await toolOutput('bean-check', [path])
  if (check.stdout + check.stderr !== '')
    throw new Error(`bean-check refused ${path}: ${check.stdout}${check.stderr}`)
  return toolCsvRows((await toolOutput('bean-query', ['-f', 'csv', path, query])).stdout)
}
