import type { AccountKind, LedgerAccount } from '../accounts'
import type { JournalEntry } from '../journal-entry'
import type { Batches, OutputChunk } from './output'
import { fnv1a64 } from '../content-hash'
import { formatMinorUnits, currencyExponent } from '../../../../src-shared/domain/money'
import { boundedEntry, locationNameText } from './entry-text'
import type { LocationNames } from '../../../format/location-label'

/**
 * What beancount, hledger and ledger share: account names every one of them accepts, amounts
 * with their commodity, every text field on one line and within its bound (entry-text.ts).
 *
 * A name is the kind's root, then each `:`-part of the account's name a component ("Tax
 * payable:VAT 11%" → `Liabilities:Tax-payable:VAT-11`), the root not said twice ("Expenses:Rent"
 * → `Expenses:Rent`); the code is the other formats' key, not part of the name. Beancount wants
 * each component to start with a capital or digit and hold letters, digits and dashes only, so
 * the others are folded to ASCII and dashes; a name is cut at `MAX_NAME` characters (a letter
 * can fold into many); should two accounts fold to one name, or a name be cut, it gets a suffix
 * from its account's identity, so accounts never merge.
 */

const MAX_NAME = 160

const ROOTS: Record<AccountKind, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
}

function component(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return folded === '' ? 'X' : folded.charAt(0).toUpperCase() + folded.slice(1)
}

/**
 * Names accounts for one file, remembering the accounts, commodities and tags it has met (to
 * declare each once).
 */
export class PlainTextAccounts {
  readonly #names = new Map<string, string>()
  readonly #owners = new Map<string, string>()
  readonly #declared = new Set<string>()

  /** Whether this is the first use of the commodity or tag in the file. */
  firstUse(kind: 'commodity' | 'tag', name: string): boolean {
    const key = `${kind} ${name}`
    if (this.#declared.has(key)) return false
    this.#declared.add(key)
    return true
  }

  /** The account's name, and whether this is its first use in the file. */
  name(account: LedgerAccount): { name: string; first: boolean } {
    const identity = `${account.kind}\u0000${account.code}\u0000${account.name}`
    const known = this.#names.get(identity)
    if (known !== undefined) return { name: known, first: false }
    const root = ROOTS[account.kind]
    const components = account.name.split(':').map(component)
    if (components.length > 1 && components[0] === root) components.shift()
    let name = [root, ...components].join(':')
    const whole = name.length <= MAX_NAME
    if (!whole) name = name.slice(0, MAX_NAME).replace(/[-:]+$/, '')
    if (!whole || this.#owners.has(name))
      name = `${name}-${fnv1a64(identity).slice(0, 8).toUpperCase()}`
    this.#names.set(identity, name)
    this.#owners.set(name, identity)
    return { name, first: true }
  }
}

/** "12.50 USD", "-25000 IDR": the number as the currency writes it, then the commodity. */
export function commodityAmount(minor: number, currency: string): string {
  return `${formatMinorUnits(minor, currencyExponent(currency))} ${currency}`
}

/**
 * The ids an entry carries as metadata or tags, those it has, and its location's name beside
 * the location's id when the file names locations (a batch written before names were carried
 * keeps its bytes: its target has no names).
 */
export function entryTags(entry: JournalEntry, locationNames?: LocationNames): [string, string][] {
  const tags: [string, string | null][] = [
    ['entry_id', entry.id],
    ['bill_id', entry.billId],
    ['register_session_id', entry.registerSessionId],
    ['location_id', entry.locationId],
    [
      'location_name',
      locationNames === undefined ? null : locationNameText(entry.locationId, locationNames),
    ],
  ]
  return tags.filter((tag): tag is [string, string] => tag[1] !== null)
}

/**
 * A chunk of transactions per batch, each written from its bounded entry; entries without lines
 * post nothing and are left out.
 */
export async function* writeTransactions(
  entries: Batches<JournalEntry>,
  transaction: (entry: JournalEntry, accounts: PlainTextAccounts) => string,
): AsyncGenerator<OutputChunk> {
  const accounts = new PlainTextAccounts()
  for await (const batch of entries) {
    let text = ''
    for (const entry of batch)
      if (entry.lines.length > 0) text += transaction(boundedEntry(entry), accounts)
    if (text !== '') yield { part: 1, text }
  }
}
