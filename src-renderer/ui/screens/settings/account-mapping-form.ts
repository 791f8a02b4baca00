import { AccountMappingError } from '../../../exports'
import {
  CHART_ROLES,
  defaultAccount,
  roleFromKey,
  roleKey,
  roleLabel,
  type AccountMapping,
  type AccountRole,
  type LedgerAccount,
  type MappedAccount,
  type RoleKey,
} from '../../../exports'
import { locationLabel, type LocationNames } from '../../../format/location-label'

/**
 * The account mapping editor's model: what it lists, the text typed in it, and where each
 * problem of a refused mapping belongs. Scope '' is every location; any other scope is a
 * location id whose accounts override the general ones.
 */

export type Scope = string
export const EVERY_LOCATION: Scope = ''

/** The choice of scope as the bookkeeper reads it: "Every location", or "Main street only". */
export function scopeLabel(scope: Scope, names: LocationNames): string {
  return scope === EVERY_LOCATION ? 'Every location' : `${locationLabel(scope, names)} only`
}

export type MappingForm = Record<Scope, Record<RoleKey, MappedAccount>>

export type RowGroup = 'Payment methods' | 'Taxes' | 'Expense categories' | 'Other accounts'
export const ROW_GROUPS: readonly RowGroup[] = [
  'Payment methods',
  'Taxes',
  'Expense categories',
  'Other accounts',
]

export interface MappingRow {
  key: RoleKey
  role: AccountRole
  label: string
  group: RowGroup
  /** The default chart's account for the role. */
  fallback: LedgerAccount
  /** The default chart does not know the role and the general mapping does not cover it. */
  needsMapping: boolean
}

function groupOf(role: AccountRole): RowGroup {
  if (role.type === 'clearing') return 'Payment methods'
  if (role.type === 'tax-payable' || role.type === 'input-tax') return 'Taxes'
  if (role.type === 'expense') return 'Expense categories'
  return 'Other accounts'
}

/**
 * One row per role: the chart's, the ones seen in the shop's data, the ones mapped already; the
 * chart's first in its order, then the others by name.
 */
export function mappingRows(seen: readonly AccountRole[], mapping: AccountMapping): MappingRow[] {
  const mappedKeys = [
    ...Object.keys(mapping.accounts),
    ...Object.values(mapping.locations).flatMap((accounts) => Object.keys(accounts)),
  ]
  const chartKeys = new Set(CHART_ROLES.map(roleKey))
  const others = [...new Set([...seen.map(roleKey), ...mappedKeys])]
    .filter((key) => !chartKeys.has(key))
    .sort((a, b) => a.localeCompare(b))
  const rows: MappingRow[] = []
  for (const key of [...chartKeys, ...others]) {
    const role = roleFromKey(key)
    if (!role) continue
    const { account, known } = defaultAccount(role, mapping.subAccountCodes)
    rows.push({
      key,
      role,
      label: roleLabel(role),
      group: groupOf(role),
      fallback: account,
      needsMapping: !known && !mapping.accounts[key],
    })
  }
  return rows
}

export function formFromMapping(mapping: AccountMapping): MappingForm {
  return { [EVERY_LOCATION]: { ...mapping.accounts }, ...structuredClone(mapping.locations) }
}

/** The mapping the form says: rows left empty fall back (to the general mapping, or the chart). */
export function mappingFromForm(form: MappingForm): AccountMapping {
  const filled = (accounts: Record<RoleKey, MappedAccount> = {}): Record<RoleKey, MappedAccount> =>
    Object.fromEntries(
      Object.entries(accounts).filter(([, a]) => a.code.trim() !== '' || a.name.trim() !== ''),
    )
  const locations: AccountMapping['locations'] = {}
  for (const [scope, accounts] of Object.entries(form)) {
    if (scope === EVERY_LOCATION) continue
    const kept = filled(accounts)
    if (Object.keys(kept).length > 0) locations[scope] = kept
  }
  return { accounts: filled(form[EVERY_LOCATION]), locations }
}

export type Field = keyof MappedAccount

export function fieldKey(scope: Scope, key: RoleKey, field: Field): string {
  return JSON.stringify([scope, key, field])
}

/** The scope a field key belongs to; null for the key of problems of no field. */
export function fieldScope(key: string): Scope | null {
  return key === '' ? null : (JSON.parse(key) as [Scope])[0]
}

/** Each problem of a refused mapping at the field it is about; the rest under ''. */
export function fieldErrors(error: AccountMappingError): Map<string, string> {
  const errors = new Map<string, string>()
  const add = (at: string, message: string): void => {
    if (!errors.has(at)) errors.set(at, message)
  }
  for (const { path, message } of error.issues) {
    const [top, ...rest] = path.map(String)
    if (top === 'accounts' && rest.length === 2)
      add(fieldKey(EVERY_LOCATION, rest[0]!, rest[1] as Field), message)
    else if (top === 'locations' && rest.length === 3)
      add(fieldKey(rest[0]!, rest[1]!, rest[2] as Field), message)
    else add('', message)
  }
  return errors
}

/** What a row posts to in a scope when its fields are left empty. */
export function inherited(form: MappingForm, scope: Scope, row: MappingRow): MappedAccount {
  const general = form[EVERY_LOCATION]?.[row.key]
  if (scope !== EVERY_LOCATION && general && general.code.trim() !== '') return general
  return row.fallback
}
