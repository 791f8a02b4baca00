/**
 * The chart of accounts journals post to (docs/ledger.md#accounts): the default chart, the
 * bookkeeper's mapping over it (per location if wanted), and a resolver that says which accounts it
 * had to default instead of guessing silently.
 */

export type AccountKind = 'asset' | 'liability' | 'equity' | 'income' | 'expense'

/** An account as it appears in an export. */
export interface LedgerAccount {
  code: string
  name: string
  kind: AccountKind
}

/** What a journal line posts for; each role resolves to one account per location. */
export type AccountRole =
  | { type: 'clearing'; method: string }
  | { type: 'receivable' }
  | { type: 'input-tax' }
  | { type: 'tax-payable'; tax: string }
  | { type: 'sales' }
  | { type: 'discounts' }
  | { type: 'fee-income' }
  | { type: 'expense'; category: string }
  | { type: 'cash-over-short' }
  | { type: 'rounding' }
  /** Cash dropped from a drawer into the safe, until it is banked. */
  | { type: 'cash-in-safe' }
  /** Where a pay-in into a drawer came from. */
  | { type: 'cash-pay-in' }
  /** A pay-out from a drawer given no expense category. */
  | { type: 'cash-pay-out' }
  /** A bank account deposits reach, by its id in the deposit settings. */
  | { type: 'bank'; account: string }
  /** What card, QRIS and e-wallet processors keep of a settlement. */
  | { type: 'merchant-fees' }

/** A role as text, the key of a mapping: `sales`, `clearing:card`, `tax-payable:VAT 11%`. */
export type RoleKey = string

/** The roles with an account of their own in the default chart, in the chart's order. */
export const CHART_ROLES: readonly AccountRole[] = [
  { type: 'clearing', method: 'cash' },
  { type: 'clearing', method: 'card' },
  { type: 'clearing', method: 'qris' },
  { type: 'clearing', method: 'bank_transfer' },
  { type: 'clearing', method: 'e_wallet' },
  { type: 'cash-in-safe' },
  { type: 'receivable' },
  { type: 'input-tax' },
  { type: 'sales' },
  { type: 'discounts' },
  { type: 'fee-income' },
  { type: 'cash-pay-in' },
  { type: 'cash-pay-out' },
  { type: 'merchant-fees' },
  { type: 'cash-over-short' },
  { type: 'rounding' },
]

const NAMED_TYPES = {
  clearing: 'method',
  'tax-payable': 'tax',
  expense: 'category',
  bank: 'account',
} as const

export function roleKey(role: AccountRole): RoleKey {
  switch (role.type) {
    case 'clearing':
      return `clearing:${role.method}`
    case 'tax-payable':
      return `tax-payable:${role.tax}`
    case 'expense':
      return `expense:${role.category}`
    case 'bank':
      return `bank:${role.account}`
    default:
      return role.type
  }
}

/** The role a key stands for; null for a key no role has (say, from a newer Till). */
export function roleFromKey(key: RoleKey): AccountRole | null {
  const colon = key.indexOf(':')
  if (colon === -1) return Object.hasOwn(FIXED, key) ? ({ type: key } as AccountRole) : null
  const type = key.slice(0, colon)
  const name = key.slice(colon + 1)
  if (name === '' || !Object.hasOwn(NAMED_TYPES, type)) return null
  const field = NAMED_TYPES[type as keyof typeof NAMED_TYPES]
  return { type, [field]: name } as AccountRole
}

/** The bookkeeper's choice for one role: the kind stays the role's. */
export interface MappedAccount {
  code: string
  name: string
}

/**
 * The codes the default chart gave tax and expense-category sub-accounts (2101, 2102 … under
 * 2100; 6001, 6002 … under 6000), by role key. The cache keeps them (`accountRoles`), so a code
 * once given stays with its tax or category whatever is met later.
 */
export type SubAccountCodes = Readonly<Record<RoleKey, string>>

/**
 * Plain data, kept by Settings: accounts by role key, and overrides by location id; with the
 * sub-account codes given so far, which the cache keeps apart from what Settings saves.
 */
export interface AccountMapping {
  accounts: Record<RoleKey, MappedAccount>
  locations: Record<string, Record<RoleKey, MappedAccount>>
  subAccountCodes?: SubAccountCodes
  /** Per tax role key (`tax-payable:<name>`, `input-tax`), the Xero tax rate it reports under. */
  xeroTaxRates?: Record<RoleKey, XeroTaxRate>
}

const CLEARING_BY_METHOD: Record<string, MappedAccount> = {
  cash: { code: '1000', name: 'Cash clearing' },
  card: { code: '1010', name: 'Card clearing' },
  qris: { code: '1020', name: 'QRIS clearing' },
  bank_transfer: { code: '1030', name: 'Bank transfer clearing' },
  e_wallet: { code: '1040', name: 'E-wallet clearing' },
}
const OTHER_CLEARING: MappedAccount = { code: '1090', name: 'Other clearing' }
const TAX_PAYABLE: MappedAccount = { code: '2100', name: 'Tax payable' }
const EXPENSES: MappedAccount = { code: '6000', name: 'Expenses' }
const BANK: MappedAccount = { code: '1200', name: 'Bank' }

const FIXED: Record<
  Exclude<AccountRole['type'], 'clearing' | 'tax-payable' | 'expense' | 'bank'>,
  MappedAccount
> = {
  // A clearing current asset, not Xero's or QuickBooks' own Accounts Receivable: Xero's
  // manual journals refuse its system accounts (help: "Enter multiple manual journals using an
  // import template"), and unpaid POS bills are no customer invoices.
  receivable: { code: '1100', name: 'Unpaid bills clearing' },
  'input-tax': { code: '1400', name: 'Input tax' },
  sales: { code: '4000', name: 'Sales' },
  discounts: { code: '4050', name: 'Discounts' },
  'fee-income': { code: '4100', name: 'Fee income' },
  'cash-over-short': { code: '6900', name: 'Cash over/short' },
  rounding: { code: '6990', name: 'Rounding' },
  'cash-in-safe': { code: '1060', name: 'Cash in safe / deposits in transit' },
  // Cash a manager puts into a drawer mostly comes from the owner; a bookkeeper can map it to a
  // loan or a transfer account instead.
  'cash-pay-in': { code: '3100', name: 'Owner contributions' },
  'cash-pay-out': { code: '6800', name: 'Cash pay-outs' },
  'merchant-fees': { code: '6150', name: 'Merchant fees' },
}

/** A role in words, for labels and messages. */
export function roleLabel(role: AccountRole): string {
  switch (role.type) {
    case 'clearing':
      return `Payment method “${role.method}”`
    case 'tax-payable':
      return `Tax “${role.tax}”`
    case 'expense':
      return `Expense category “${role.category}”`
    case 'receivable':
      return 'Unpaid bills (receivable)'
    case 'input-tax':
      return 'Input tax on expenses'
    case 'sales':
      return 'Sales'
    case 'discounts':
      return 'Discounts'
    case 'fee-income':
      return 'Fee income'
    case 'cash-over-short':
      return 'Cash over/short'
    case 'rounding':
      return 'Rounding'
    case 'cash-in-safe':
      return 'Cash dropped into the safe'
    case 'cash-pay-in':
      return 'Cash paid into a drawer'
    case 'cash-pay-out':
      return 'Cash paid out of a drawer (no category)'
    case 'bank':
      return `Bank account “${role.account}”`
    case 'merchant-fees':
      return 'Card, QRIS and e-wallet fees'
  }
}

export function accountKind(role: AccountRole): AccountKind {
  switch (role.type) {
    case 'clearing':
    case 'receivable':
    case 'input-tax':
    case 'cash-in-safe':
    case 'bank':
      return 'asset'
    case 'tax-payable':
      return 'liability'
    case 'cash-pay-in':
      return 'equity'
    case 'sales':
    case 'discounts':
    case 'fee-income':
      return 'income'
    default:
      return 'expense'
  }
}

/** The type of account to create for a role in Xero and in QuickBooks Online, in their words. */
export interface PackageAccountTypes {
  xero: string
  quickBooks: string
}

/**
 * The account types a role's account needs to be created as. Xero's manual journal import
 * refuses its system accounts (Accounts Receivable, Accounts Payable, Sales Tax, …) and bank
 * accounts (help: "Enter multiple manual journals using an import template"), so every
 * clearing account, unpaid bills included, is a current asset, never a Bank or Accounts
 * Receivable account; QuickBooks' journal import takes its "Other Current Assets" and "Other
 * Current Liabilities" without the customer or supplier its A/R and A/P accounts ask for.
 */
export function packageAccountTypes(role: AccountRole): PackageAccountTypes {
  switch (accountKind(role)) {
    case 'asset':
      return { xero: 'Current Asset', quickBooks: 'Other Current Assets' }
    case 'liability':
      return { xero: 'Current Liability', quickBooks: 'Other Current Liabilities' }
    case 'equity':
      return { xero: 'Equity', quickBooks: 'Equity' }
    case 'income':
      return { xero: 'Revenue', quickBooks: 'Income' }
    case 'expense':
      return { xero: 'Expense', quickBooks: 'Expenses' }
  }
}

/**
 * The default chart's account for a role, and whether the chart really knows the role. A tax or
 * category gets a sub-account of 2100 or 6000 named `Parent:Child` (QuickBooks' and the
 * plain-text ledgers' sub-account notation) with a code of its own from `codes` (Xero tells
 * accounts apart by code alone), or the parent's code while it has none yet.
 */
export function defaultAccount(
  role: AccountRole,
  codes: SubAccountCodes = {},
): { account: LedgerAccount; known: boolean } {
  const kind = accountKind(role)
  switch (role.type) {
    case 'clearing': {
      const known = CLEARING_BY_METHOD[role.method]
      return { account: { ...(known ?? OTHER_CLEARING), kind }, known: known !== undefined }
    }
    case 'tax-payable':
    case 'expense':
    case 'bank': {
      const parent = SUB_ACCOUNT_PARENTS[role.type]
      const child = subAccountName(role)
      const code = codes[roleKey(role)] ?? parent.code
      return { account: { code, name: `${parent.name}:${child}`, kind }, known: false }
    }
    default:
      return { account: { ...FIXED[role.type], kind }, known: true }
  }
}

const SUB_ACCOUNT_PARENTS = { 'tax-payable': TAX_PAYABLE, expense: EXPENSES, bank: BANK } as const

type SubAccountRole = Extract<AccountRole, { type: 'tax-payable' | 'expense' | 'bank' }>

function subAccountName(role: SubAccountRole): string {
  switch (role.type) {
    case 'tax-payable':
      return role.tax
    case 'expense':
      return role.category
    case 'bank':
      return role.account
  }
}

/**
 * Whether the default chart gives the role a numbered sub-account (a tax, a category, a bank
 * account: 2101 …, 6001 …, 1201 …).
 */
export function hasSubAccountCode(role: AccountRole): role is SubAccountRole {
  return role.type === 'tax-payable' || role.type === 'expense' || role.type === 'bank'
}

/**
 * The next free code under the role's parent: 2101 … 2199 (6001 … 6099), then 2100.100,
 * 2100.101 … (Xero's codes take up to 10 letters, digits, dots or dashes).
 */
function nextSubAccountCode(role: SubAccountRole, taken: ReadonlySet<string>): string {
  const base = SUB_ACCOUNT_PARENTS[role.type].code
  for (let n = 1; ; n++) {
    const code = n < 100 ? String(Number(base) + n) : `${base}.${n}`
    if (!taken.has(code)) return code
  }
}

/**
 * The account a mapping gives a role. A tax or category stays in its group: a name without a
 * `:` becomes a sub-account of Tax payable or Expenses ("PPN Keluaran" → "Tax payable:PPN
 * Keluaran"); a name with one, or the group's own name, is the group the bookkeeper picked.
 */
export function mappedAccount(role: AccountRole, mapped: MappedAccount): LedgerAccount {
  const kind = accountKind(role)
  if (!hasSubAccountCode(role)) return { code: mapped.code, name: mapped.name, kind }
  const group = SUB_ACCOUNT_PARENTS[role.type].name
  const grouped = mapped.name.includes(':') || mapped.name === group
  return { code: mapped.code, name: grouped ? mapped.name : `${group}:${mapped.name}`, kind }
}

/** A role no mapping covered and the default chart did not know: to be shown for mapping. */
export interface DefaultedAccount {
  roleKey: RoleKey
  role: AccountRole
  account: LedgerAccount
}

/**
 * Resolves roles to accounts: the location's mapping, else the general mapping, else the
 * default chart. Every role that fell to a default the chart does not really know (an unknown
 * payment method, any tax name or expense category not mapped) is remembered in `defaulted`.
 * A tax or category defaulted without a code of its own yet gets the next free one, in the order
 * met; `subAccountCodes` has them all, for the cache to keep.
 */
export class AccountResolver {
  readonly #mapping: AccountMapping
  readonly #defaulted = new Map<RoleKey, DefaultedAccount>()
  readonly #codes: Record<RoleKey, string>
  readonly #taken: Set<string>
  /**
   * Each role's account per location, resolved once: every line of a role then holds the one
   * object, which the export log's pages store once per page instead of once per line.
   */
  readonly #resolved = new Map<string, LedgerAccount>()

  constructor(mapping: AccountMapping) {
    this.#mapping = mapping
    this.#codes = { ...mapping.subAccountCodes }
    this.#taken = new Set(Object.values(this.#codes))
  }

  resolve(role: AccountRole, locationId: string): LedgerAccount {
    const key = roleKey(role)
    const at = `${locationId}\u0000${key}`
    const known = this.#resolved.get(at)
    if (known) return known
    const account = Object.freeze(this.#resolveAnew(role, key, locationId))
    this.#resolved.set(at, account)
    return account
  }

  #resolveAnew(role: AccountRole, key: RoleKey, locationId: string): LedgerAccount {
    const mapped = this.#mapping.locations[locationId]?.[key] ?? this.#mapping.accounts[key]
    if (mapped) return mappedAccount(role, mapped)
    if (hasSubAccountCode(role) && this.#codes[key] === undefined) {
      const code = nextSubAccountCode(role, this.#taken)
      this.#codes[key] = code
      this.#taken.add(code)
    }
    const { account, known } = defaultAccount(role, this.#codes)
    if (!known && !this.#defaulted.has(key))
      this.#defaulted.set(key, { roleKey: key, role, account })
    return account
  }

  /** What had to be defaulted so far, in the order first met. */
  get defaulted(): DefaultedAccount[] {
    return [...this.#defaulted.values()]
  }

  /** The sub-account codes given, before and by this resolver. */
  get subAccountCodes(): SubAccountCodes {
    return { ...this.#codes }
  }
}

/** A tax's rate in Xero: its full name in the organisation's tax settings, and its percentage. */
export interface XeroTaxRate {
  name: string
  /** Percent; absent for a tax whose bills give the percentage themselves. */
  percent?: number
}
