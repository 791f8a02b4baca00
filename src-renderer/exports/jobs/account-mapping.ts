import type { TillDatabase } from '../../database/database'
import {
  AccountResolver,
  accountKind,
  CHART_ROLES,
  defaultAccount,
  hasSubAccountCode,
  mappedAccount,
  roleFromKey,
  roleKey,
  roleLabel,
  type AccountKind,
  type AccountMapping,
  type AccountRole,
  type DefaultedAccount,
  type MappedAccount,
  type RoleKey,
} from '../rules/accounts'
import { accountMappingSchema } from '../rules/account-mapping-schema'
import { mappingIdOf, readDestination } from '../tables/destinations'
import { SHARED_MAPPING, type MappingId } from '../tables/export-rows'
import { expensesIn, rangeLocations, sessionsIn } from '../tables/export-range-reads'
import { taxNamesOfSessions } from '../../sessions/tables/session-tally-store'
import type { ExportRange } from '../tables/export-rows'
import {
  readSavedMapping,
  readSubAccountCodes,
  rememberRolesMet,
  rememberSubAccountCodes,
  roleKeysInCache,
  storeMapping,
} from '../tables/account-store'
import { billPages, datedInRange, recordDatesOf } from './run-export-pages'
import { billSessionIds, sessionDays } from './session-days'

/**
 * The bookkeeper's account mappings as Settings keeps them in the connection's cache (the shared
 * one, and one for each destination that posts to a chart of its own), and the rules a mapping
 * must follow to import cleanly: Xero matches accounts by code, QuickBooks by name, the
 * plain-text ledgers by both, so a code names one account, a name has one code, and an account is
 * of one kind.
 */

const KIND_WORDS: Record<AccountKind, string> = {
  asset: 'an asset',
  liability: 'a liability',
  equity: 'an equity',
  income: 'an income',
  expense: 'an expense',
}

interface ChartAccount extends MappedAccount {
  kind: AccountKind
  label: string
  /** The name as the mapping has it, before a tax or category is put in its group. */
  typed: string
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
        account: {
          code: account.code,
          name: mappedAccount(role, account).name,
          typed: account.name,
          kind: accountKind(role),
          label: roleLabel(role),
        },
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
    if (path && sameCode && parent(sameCode.typed) !== parent(account.typed))
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
    readSavedMapping(db, id),
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

/** Name order, the same on every PC whatever its language. */
const NAME_ORDER = new Intl.Collator('en', { numeric: true })

/**
 * Gives every tax and category among `roles` without a sub-account code one, in name order, so
 * the codes never depend on what met the names first (Settings, an export, its preview); codes
 * already given stay.
 */
async function numberSubAccounts(db: TillDatabase, roles: Iterable<AccountRole>): Promise<void> {
  const resolver = new AccountResolver({
    accounts: {},
    locations: {},
    subAccountCodes: await readSubAccountCodes(db),
  })
  const keyed = [...roles].map((role) => ({ role, key: roleKey(role) }))
  for (const { role } of keyed.sort((a, b) => NAME_ORDER.compare(a.key, b.key)))
    if (hasSubAccountCode(role)) resolver.resolve(role, '')
  await rememberSubAccountCodes(db, resolver.subAccountCodes)
}

/** The records an export reads at once. */
const PAGE_SIZE = 500

type RolesMet = Map<RoleKey, { role: AccountRole; locations: Set<string> }>

function meeter(met: RolesMet): (role: AccountRole, location: string) => void {
  return (role, location) => {
    const key = roleKey(role)
    const seen = met.get(key) ?? { role, locations: new Set<string>() }
    seen.locations.add(location)
    met.set(key, seen)
  }
}

/**
 * Each role the bills and expenses an export of `range` at `locations` posts to, once, by key:
 * those of the range's sessions, read as the export reads them (see `datedInRange`), so a bill
 * rung up after midnight in the evening session before the range is not among them, and one
 * rung up after midnight in the range's last session is.
 */
async function rolesInRange(
  db: TillDatabase,
  range: ExportRange,
  locations: readonly string[],
  signal?: AbortSignal,
): Promise<RolesMet> {
  const met: RolesMet = new Map()
  const meet = meeter(met)
  const recordDates = recordDatesOf(range)
  for await (const page of billPages(db, recordDates, locations, PAGE_SIZE, undefined)) {
    if (signal?.aborted) return met
    const sessions = await sessionDays(db, billSessionIds(page))
    for (const bill of page) {
      if (!datedInRange(range, sessions, bill, bill.businessDate)) continue
      for (const payment of bill.payments)
        meet({ type: 'clearing', method: payment.method }, bill.locationId)
      for (const tax of bill.taxes) meet({ type: 'tax-payable', tax: tax.name }, bill.locationId)
    }
  }
  await meetExpenseRoles(db, range, locations, met)
  return met
}

async function meetExpenseRoles(
  db: TillDatabase,
  range: ExportRange,
  locations: readonly string[],
  met: RolesMet,
): Promise<void> {
  const meet = meeter(met)
  const recordDates = recordDatesOf(range)
  const expenses = await expensesIn(db, recordDates, locations)
  const sessions = await sessionDays(
    db,
    expenses.map((e) => e.registerSessionId),
  )
  for (const expense of expenses) {
    if (!datedInRange(range, sessions, expense, expense.expenseDate)) continue
    meet({ type: 'clearing', method: expense.paymentMethod }, expense.locationId)
    meet({ type: 'expense', category: expense.category }, expense.locationId)
  }
}

/**
 * Numbers the taxes and categories an export of `range` at `locations` posts to (see
 * `numberSubAccounts`) before it resolves a single account. The taxes come from the tallies of
 * the sessions of the days the export reads bills of, which name every tax their bills carry, so
 * the export reads the range's bills once, not twice (issue 25); while one of those sessions has
 * no tally yet, from the bills. A tax met only on a bill of no session, or of a session before
 * the range, is numbered when the export meets it.
 */
export async function numberSubAccountsInRange(
  db: TillDatabase,
  range: ExportRange,
  locations: readonly string[],
): Promise<void> {
  const sessions = await sessionsIn(db, recordDatesOf(range), locations)
  const taxes = await taxNamesOfSessions(
    db,
    sessions.map((s) => s.id),
  )
  let roles: AccountRole[]
  if (taxes === null) {
    roles = [...(await rolesInRange(db, range, locations)).values()].map(({ role }) => role)
  } else {
    const met: RolesMet = new Map()
    await meetExpenseRoles(db, range, locations, met)
    roles = [
      ...[...taxes].map((tax): AccountRole => ({ type: 'tax-payable', tax })),
      ...[...met.values()].map(({ role }) => role),
    ]
  }
  await numberSubAccounts(db, roles)
}

/** Saves a mapping that passes `checkMapping`; anything else is refused and nothing changes. */
export async function saveMapping(
  db: TillDatabase,
  mapping: AccountMapping,
  now: Date = new Date(),
  id: MappingId = SHARED_MAPPING,
): Promise<AccountMapping> {
  const checked = checkMapping(mapping)
  await storeMapping(db, { id, ...checked, savedAt: now.toISOString() })
  return checked
}

/** The roles named after the shop's own data that the cache shows (see `roleKeysInCache`). */
export async function rolesInCache(db: TillDatabase): Promise<AccountRole[]> {
  const keys = await roleKeysInCache(db)
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
  const met = await rolesInRange(db, range, await rangeLocations(db, range), signal)
  if (signal?.aborted) return []
  await rememberRolesMet(db, met.keys())
  await numberSubAccounts(
    db,
    [...met.values()].map(({ role }) => role),
  )
  const resolver = new AccountResolver({
    ...mapping,
    subAccountCodes: { ...mapping.subAccountCodes, ...(await readSubAccountCodes(db)) },
  })
  for (const { role, locations } of met.values())
    for (const location of locations) resolver.resolve(role, location)
  return resolver.defaulted
}
