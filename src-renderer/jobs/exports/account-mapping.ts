import { z } from 'zod'
import type { TillDatabase } from '../../cache/database'
import {
  AccountResolver,
  accountKind,
  CHART_ROLES,
  defaultAccount,
  hasSubAccountCode,
  roleFromKey,
  roleKey,
  roleLabel,
  type AccountKind,
  type AccountMapping,
  type AccountRole,
  type DefaultedAccount,
  type MappedAccount,
  type RoleKey,
} from '../../domain/journal/accounts'
import { mappingIdOf, readDestination } from '../../cache/destinations'
import { SHARED_MAPPING, type MappingId } from '../../cache/export-rows'
import { rangeLocations } from './run-export'
import type { ExportRange } from '../../cache/export-rows'
import { readSubAccountCodes, rememberSubAccountCodes } from './sub-account-codes'

/**
 * The bookkeeper's account mappings as Settings keeps them in the connection's cache (the shared
 * one, and one for each destination that posts to a chart of its own), and the rules a mapping
 * must follow to import cleanly: Xero matches accounts by code, QuickBooks by name, the
 * plain-text ledgers by both, so a code names one account, a name has one code, and an account is
 * of one kind.
 */

const CODE = /^[A-Za-z0-9][A-Za-z0-9.-]*$/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

const mappedAccountSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'Enter the account code.', abort: true })
    .max(10, { error: 'An account code has at most 10 characters (Xero’s limit).', abort: true })
    .regex(CODE, 'Use letters, digits, dots and dashes, starting with a letter or digit.'),
  name: z
    .string()
    .trim()
    .min(1, { error: 'Enter the account name.', abort: true })
    .max(150, { error: 'An account name has at most 150 characters (Xero’s limit).', abort: true })
    .refine((name) => !CONTROL.test(name), {
      error: 'A name is one line, without tabs.',
      abort: true,
    })
    .refine(
      (name) => name.split(':').every((part) => part.trim() !== ''),
      'A sub-account is written Parent:Child, with text on both sides of each colon.',
    ),
})

const roleKeySchema = z.string().refine((key) => roleFromKey(key) !== null)
const accountsSchema = z.record(roleKeySchema, mappedAccountSchema, {
  error: (issue) =>
    issue.code === 'invalid_key' ? `Till posts to no role “${String(issue.input)}”.` : undefined,
})

const taxRoleKeySchema = z.string().refine((key) => {
  const role = roleFromKey(key)
  return role?.type === 'tax-payable' || role?.type === 'input-tax'
})

/**
 * A tax's Xero tax rate (see formats/xero-tax.ts): the rate's name as Xero's tax settings spell
 * it, and for input tax its percentage, which expenses do not give; an empty name maps nothing.
 */
const xeroTaxRatesSchema = z
  .record(
    taxRoleKeySchema,
    z.object({
      name: z
        .string()
        .trim()
        .max(100, 'A Xero tax rate name has at most 100 characters.')
        .refine((name) => !CONTROL.test(name), 'A tax rate name is one line, without tabs.'),
      percent: z
        .number('A tax rate’s percentage is a number.')
        .gt(0, 'A tax rate’s percentage is more than 0.')
        .max(100, 'A tax rate’s percentage is at most 100.')
        .optional(),
    }),
    {
      error: (issue) =>
        issue.code === 'invalid_key' ? 'Only a tax has a Xero tax rate.' : undefined,
    },
  )
  .transform((rates) => Object.fromEntries(Object.entries(rates).filter(([, r]) => r.name !== '')))
  .refine(
    (rates) => rates['input-tax'] === undefined || rates['input-tax'].percent !== undefined,
    'Give input tax’s Xero tax rate its percentage too: expenses do not say it.',
  )

/** The shape and each field of a mapping; how the accounts fit together is `chartConflicts`. */
const accountMappingSchema = z.object({
  accounts: accountsSchema,
  locations: z.record(z.string().trim().min(1, 'A location needs its id.'), accountsSchema),
  xeroTaxRates: xeroTaxRatesSchema.optional(),
})

const KIND_WORDS: Record<AccountKind, string> = {
  asset: 'an asset',
  liability: 'a liability',
  income: 'an income',
  expense: 'an expense',
}

interface ChartAccount extends MappedAccount {
  kind: AccountKind
  label: string
}

/**
 * Conflicts between the accounts a mapping makes, with the default chart's own accounts for the
 * roles it leaves alone: each reported at the field that brings the conflict in.
 */
function chartConflicts(mapping: AccountMapping): { path: string[]; message: string }[] {
  const placed: { path: string[] | null; account: ChartAccount }[] = []
  const place = (path: string[] | null, key: RoleKey, account: MappedAccount): void => {
    const role = roleFromKey(key)
    if (role)
      placed.push({
        path,
        account: { ...account, kind: accountKind(role), label: roleLabel(role) },
      })
  }
  for (const role of CHART_ROLES)
    if (!mapping.accounts[roleKey(role)]) place(null, roleKey(role), defaultAccount(role).account)
  for (const [key, account] of Object.entries(mapping.accounts))
    place(['accounts', key], key, account)
  for (const [location, accounts] of Object.entries(mapping.locations))
    for (const [key, account] of Object.entries(accounts))
      place(['locations', location, key], key, account)

  const byCode = new Map<string, ChartAccount>()
  const byName = new Map<string, ChartAccount>()
  const issues: { path: string[]; message: string }[] = []
  for (const { path, account } of placed) {
    const sameCode = byCode.get(account.code)
    const sameName = byName.get(account.name)
    const parent = (name: string): string => name.split(':')[0]!.trim()
    if (path && sameCode && parent(sameCode.name) !== parent(account.name))
      issues.push({
        path: [...path, 'code'],
        message: `Code ${account.code} is already “${sameCode.name}” (${sameCode.label}): one code names one account.`,
      })
    else if (path && sameCode && sameCode.kind !== account.kind)
      issues.push({
        path: [...path, 'code'],
        message: `Code ${account.code} is ${KIND_WORDS[sameCode.kind]} account (${sameCode.label}); ${account.label} needs ${KIND_WORDS[account.kind]} account.`,
      })
    else if (path && sameName && sameName.code !== account.code)
      issues.push({
        path: [...path, 'name'],
        message: `“${account.name}” already has code ${sameName.code} (${sameName.label}): one name, one code.`,
      })
    if (!sameCode) byCode.set(account.code, account)
    if (!sameName) byName.set(account.name, account)
  }
  return issues
}

export class AccountMappingError extends Error {
  override name = 'AccountMappingError'
  constructor(readonly issues: readonly { path: PropertyKey[]; message: string }[]) {
    super(issues.map((i) => i.message).join(' '))
  }
}

/**
 * The mapping as typed, checked: trimmed, or every problem with the field it belongs to. How the
 * accounts fit together is checked even when some field is malformed, among the accounts whose
 * fields are sound, so one save shows every problem and no false one.
 */
function checkMapping(mapping: AccountMapping): AccountMapping {
  const parsed = accountMappingSchema.safeParse(mapping)
  if (parsed.success) {
    const conflicts = chartConflicts(parsed.data)
    if (conflicts.length === 0) return parsed.data
    throw new AccountMappingError(conflicts)
  }
  const malformed = parsed.error.issues
  const account = (path: readonly PropertyKey[]): string => path.slice(0, -1).join('\u0000')
  const bad = new Set(malformed.map((issue) => account(issue.path)))
  const sound = (path: string[], accounts: Record<RoleKey, MappedAccount>) =>
    Object.fromEntries(
      Object.entries(accounts)
        .filter(([key]) => !bad.has(account([...path, key, 'field'])))
        .map(([key, a]) => [key, { code: String(a.code).trim(), name: String(a.name).trim() }]),
    )
  const conflicts = chartConflicts({
    accounts: sound(['accounts'], mapping.accounts),
    locations: Object.fromEntries(
      Object.entries(mapping.locations).map(([location, accounts]) => [
        location,
        sound(['locations', location], accounts),
      ]),
    ),
  })
  throw new AccountMappingError([...malformed, ...conflicts])
}

/**
 * A mapping, the shared one unless told (the default chart alone until one is saved), with the
 * connection's sub-account codes, which every mapping shares.
 */
export async function readMapping(
  db: TillDatabase,
  id: MappingId = SHARED_MAPPING,
): Promise<AccountMapping> {
  const [saved, subAccountCodes] = await Promise.all([
    db.accountMapping.get(id),
    readSubAccountCodes(db),
  ])
  return {
    accounts: saved?.accounts ?? {},
    locations: saved?.locations ?? {},
    subAccountCodes,
    ...(saved?.xeroTaxRates ? { xeroTaxRates: saved.xeroTaxRates } : {}),
  }
}

/** The mapping a journal export to the destination posts with. */
export async function readDestinationMapping(
  db: TillDatabase,
  destinationId: string,
): Promise<AccountMapping> {
  return readMapping(db, mappingIdOf(await readDestination(db, destinationId)))
}

/** Gives every tax and category among `roles` without a sub-account code one, in name order. */
async function numberSubAccounts(db: TillDatabase, roles: readonly AccountRole[]): Promise<void> {
  const resolver = new AccountResolver({
    accounts: {},
    locations: {},
    subAccountCodes: await readSubAccountCodes(db),
  })
  for (const role of [...roles].sort((a, b) => roleKey(a).localeCompare(roleKey(b))))
    if (hasSubAccountCode(role)) resolver.resolve(role, '')
  await rememberSubAccountCodes(db, resolver.subAccountCodes)
}

/** Saves a mapping that passes `checkMapping`; anything else is refused and nothing changes. */
export async function saveMapping(
  db: TillDatabase,
  mapping: AccountMapping,
  now: Date = new Date(),
  id: MappingId = SHARED_MAPPING,
): Promise<AccountMapping> {
  const checked = checkMapping(mapping)
  await db.accountMapping.put({ id, ...checked, savedAt: now.toISOString() })
  return checked
}

/** How many of the newest bills Settings reads for tax names (taxes have no index). */
const RECENT_BILLS_FOR_TAXES = 5_000

/**
 * The roles named after the shop's own data that the cache shows: payment methods of bills (from
 * their index) and of expenses, expense categories, the taxes of the newest bills, and whatever
 * an export's range check met before.
 */
export async function rolesInCache(db: TillDatabase): Promise<AccountRole[]> {
  const keys = new Set<RoleKey>()
  for (const method of await db.bills.orderBy('methods').uniqueKeys())
    keys.add(roleKey({ type: 'clearing', method: String(method) }))
  await db.expenses.each((expense) => {
    keys.add(roleKey({ type: 'clearing', method: expense.paymentMethod }))
    keys.add(roleKey({ type: 'expense', category: expense.category }))
  })
  await db.bills
    .orderBy('createdAt')
    .reverse()
    .limit(RECENT_BILLS_FOR_TAXES)
    .each((bill) => {
      for (const tax of bill.taxes) keys.add(roleKey({ type: 'tax-payable', tax: tax.name }))
    })
  for (const key of await db.accountRoles.toCollection().primaryKeys()) keys.add(key)
  const roles = [...keys].map(roleFromKey).filter((role): role is AccountRole => role !== null)
  await numberSubAccounts(db, roles)
  return roles
}

/**
 * The roles an export of `range` would have to send to a default account under `mapping`: what
 * the resolver would report as `defaulted`, known before exporting. The roles met are remembered
 * for Settings.
 */
export async function defaultedInRange(
  db: TillDatabase,
  mapping: AccountMapping,
  range: ExportRange,
  signal?: AbortSignal,
): Promise<DefaultedAccount[]> {
  const resolver = new AccountResolver(mapping)
  const met = new Set<RoleKey>()
  const meet = (role: AccountRole, locationId: string): void => {
    met.add(roleKey(role))
    resolver.resolve(role, locationId)
  }
  for (const location of await rangeLocations(db, range)) {
    if (signal?.aborted) return []
    await db.bills
      .where('[locationId+businessDate]')
      .between([location, range.from], [location, range.to], true, true)
      .each((bill) => {
        for (const payment of bill.payments)
          meet({ type: 'clearing', method: payment.method }, location)
        for (const tax of bill.taxes) meet({ type: 'tax-payable', tax: tax.name }, location)
      })
    await db.expenses
      .where('[locationId+expenseDate]')
      .between([location, range.from], [location, range.to], true, true)
      .each((expense) => {
        meet({ type: 'clearing', method: expense.paymentMethod }, location)
        meet({ type: 'expense', category: expense.category }, location)
      })
  }
  if (signal?.aborted) return []
  const codes = resolver.subAccountCodes
  await db.transaction('rw', db.accountRoles, async () => {
    const known = new Set(await db.accountRoles.toCollection().primaryKeys())
    await db.accountRoles.bulkAdd([...met].filter((key) => !known.has(key)).map((key) => ({ key })))
  })
  await rememberSubAccountCodes(db, codes)
  return resolver.defaulted
}
