/**
 * Deposit matches and offers kept by their line ids alone, given their bank account as version 24
 * does it, frozen: the cache's upgrade (./v24.ts) and the restore of a backup made before (backup
 * version 5 and earlier, ../../backup/jobs/read-backup.ts) carry rows over the same way. Its
 * `accountMatchId` copied on 2026-12-07 from `matchId` (deposits/rules/matching.ts), which names
 * the matches made from now on and may change.
 */

/** What the carrying over reads of a statement line. */
export interface LineRow {
  bankAccountId: string
  id: string
  date: string
}

/** What the carrying over reads and writes of a match or an offer (the rest is kept as it is). */
export interface HeldRow {
  id: string
  bankLineIds: string[]
  bankAccountId?: string
  postingKey?: string
}

/** No bank account held the lines of a match, and the settings name none. */
const NO_ACCOUNT = 'unknown'

function accountMatchId(bankAccountId: string, bankLineIds: readonly string[]): string {
  return `${bankAccountId}|${[...bankLineIds].sort().join('+')}`
}

/**
 * What gives a row kept by line ids alone its bank account and an id naming it: the account whose
 * line the export posted it with, as Till read it then (of the lines with the first id, the last
 * booked, then the last account by id), else `firstAccount` (the settings' first bank account).
 * A match (`posted`) keeps the key an export posted it under, `deposit:<first line id>`, as its
 * `postingKey`. A row that names its account already, or holds no list of lines, is left as it is.
 */
export function keyedByAccount(
  lines: readonly LineRow[],
  firstAccount: string | undefined,
): <T extends HeldRow>(row: T, posted: boolean) => T {
  const byId = new Map(
    [...lines]
      .sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.id.localeCompare(b.id) ||
          a.bankAccountId.localeCompare(b.bankAccountId),
      )
      .map((line) => [line.id, line.bankAccountId]),
  )
  return (row, posted) => {
    if (row.bankAccountId !== undefined || !Array.isArray(row.bankLineIds)) return row
    const [first] = [...row.bankLineIds].sort()
    const bankAccountId =
      (first === undefined ? undefined : byId.get(first)) ?? firstAccount ?? NO_ACCOUNT
    return {
      ...row,
      ...(posted && first !== undefined ? { postingKey: `deposit:${first}` } : {}),
      id: accountMatchId(bankAccountId, row.bankLineIds),
      bankAccountId,
    }
  }
}

/** The first bank account a deposit settings row names, if it is the settings. */
export function firstBankAccount(row: unknown): string | undefined {
  const settings = row as
    { key?: unknown; settings?: { bankAccounts?: { id?: unknown }[] } } | null | undefined
  const id = settings?.key === 'settings' ? settings.settings?.bankAccounts?.[0]?.id : undefined
  return typeof id === 'string' ? id : undefined
}
