import { mappedAccount, type AccountRole, type MappedAccount } from '../accounts'
import type { JournalFormat } from './journal-formats'
import { PlainTextAccounts } from './plain-text'

/** How one format will write a mapped account, and what it did to the name as typed. */
export interface AccountInFormat {
  format: JournalFormat
  account: string
  /** What the format changed or means by the name, in words; null when it takes it as typed. */
  note: string | null
}

/**
 * The account a mapping of `role` to `mapped` posts to, as each format writes it, for the
 * mapping screen to show before saving (what each format reserves: README, "Exports").
 */
export function accountInFormats(role: AccountRole, mapped: MappedAccount): AccountInFormat[] {
  const account = mappedAccount(role, mapped)
  const parts = account.name.split(':').map((part) => part.trim())
  const plain = new PlainTextAccounts().name(account).name
  const folded = !plain.endsWith(parts.join(':'))
  const plainNote = folded
    ? 'accents dropped, any other character but a letter or digit made “-”'
    : null
  const sub =
    parts.length > 1 ? `sub-account “${parts.at(-1)}” of “${parts.slice(0, -1).join(':')}”` : null
  const coded = [account.code, account.name].filter((part) => part !== '').join(' ')
  return [
    { format: 'xero', account: coded, note: 'matched by code' },
    { format: 'quickbooks', account: account.name, note: sub },
    { format: 'ledger', account: plain, note: plainNote },
    { format: 'beancount', account: plain, note: plainNote },
    { format: 'journal-csv', account: coded, note: null },
  ]
}
