import {
  roleFromKey,
  roleLabel,
  type AccountMapping,
  type MappedAccount,
  type RoleKey,
} from './accounts'

/**
 * What Xero's manual journal import accepts as an account. Its help ("Enter multiple manual
 * journals using an import template") asks for each line's AccountCode, the code of an account
 * in the chart ("200, not 200 - Sales"); manual journals cannot post to Xero's system accounts
 * or to bank accounts. The system accounts are those Xero's chart keeps whatever one imports
 * (Xero help on importing a chart of accounts: Accounts Receivable, Accounts Payable, Unpaid
 * Expense Claims, Sales Tax, Retained Earnings, Historical Adjustment, Tracking Transfers, …;
 * GST or VAT by region). Till knows a mapped account by code and name only, so it refuses a
 * mapping with no code or named as one of those; a bank account it cannot tell by name, which is
 * why the default chart is made of clearing accounts (see `packageAccountTypes`).
 */

const SYSTEM_NAMES = [
  'accounts receivable',
  'accounts payable',
  'unpaid expense claims',
  'sales tax',
  'gst',
  'vat',
  'retained earnings',
  'historical adjustment',
  'tracking transfers',
]

function isSystemAccount(account: MappedAccount): boolean {
  const name = account.name.trim().toLowerCase()
  return SYSTEM_NAMES.includes(name)
}

class XeroMappingError extends Error {
  override name = 'XeroMappingError'
}

/** Why a Xero export cannot go out under this mapping; empty when it can. */
function xeroMappingProblems(mapping: AccountMapping): string[] {
  const problems: string[] = []
  const check = (key: RoleKey, account: MappedAccount, where: string): void => {
    const role = roleFromKey(key)
    if (!role) return
    if (account.code.trim() === '')
      problems.push(`${roleLabel(role)}${where} has no account code: Xero finds accounts by code.`)
    else if (isSystemAccount(account))
      problems.push(
        `${roleLabel(role)}${where} goes to “${account.name}”, a Xero system account that manual journals cannot post to: map it to a current asset or liability of its own.`,
      )
  }
  for (const [key, account] of Object.entries(mapping.accounts)) check(key, account, '')
  for (const [location, accounts] of Object.entries(mapping.locations))
    for (const [key, account] of Object.entries(accounts))
      check(key, account, ` (location ${location})`)
  return problems
}

/** Refuses a Xero export while a role is mapped to an account a manual journal cannot take. */
export function checkXeroMapping(mapping: AccountMapping): void {
  const problems = xeroMappingProblems(mapping)
  if (problems.length > 0)
    throw new XeroMappingError(
      `Not exported: Xero would refuse this journal. ${problems.join(' ')} Change it in Settings → Account mapping.`,
    )
}
