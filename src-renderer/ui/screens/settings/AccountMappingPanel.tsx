import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useActiveConnection } from '../../hooks/use-active-connection'
import type { TillDatabase } from '../../../database/database'
import { AccountMappingError, readMapping, rolesInCache, saveMapping } from '../../../exports'
import { packageAccountTypes, type RoleKey } from '../../../exports'
import { listDestinations, mappingIdOf } from '../../../exports'
import { SHARED_MAPPING, type MappingId } from '../../../exports'
import type { XeroTaxRate } from '../../../exports'
import {
  EVERY_LOCATION,
  fieldErrors,
  fieldKey,
  fieldScope,
  formFromMapping,
  inherited,
  mappingFromForm,
  mappingRows,
  ROW_GROUPS,
  scopeLabel,
  type Field,
  type MappingForm,
  type MappingRow,
  type Scope,
} from './account-mapping-form'
import { knownLocations } from '../../../database/locations'
import { loadLocationNames } from '../../../settings'
import type { LocationNames } from '../../../format/location-label'
import { AccountFormatsPreview } from './AccountFormatsPreview'
import { TableHead } from '../../components/money-table/TableHead'
import { SaveFooter } from './SaveFooter'

/** A tax's Xero tax rate as typed: its name, and for input tax its percentage. */
interface XeroRateFields {
  name: string
  percent: string
}

interface Loaded {
  /** The mapping the form shows, which saving replaces. */
  mappingId: MappingId
  form: MappingForm
  xeroTaxRates: Record<RoleKey, XeroRateFields>
  rows: MappingRow[]
  locations: string[]
  names: LocationNames
}

async function load(db: TillDatabase, mappingId: MappingId): Promise<Loaded> {
  // The roles first: reading them gives new taxes and categories their sub-account codes.
  const seen = await rolesInCache(db)
  const [mapping, locations, names] = await Promise.all([
    readMapping(db, mappingId),
    knownLocations(db),
    loadLocationNames(db),
  ])
  const xeroTaxRates = Object.fromEntries(
    Object.entries(mapping.xeroTaxRates ?? {}).map(([key, rate]) => [
      key,
      { name: rate.name, percent: rate.percent === undefined ? '' : String(rate.percent) },
    ]),
  )
  return {
    mappingId,
    form: formFromMapping(mapping),
    xeroTaxRates,
    rows: mappingRows(seen, mapping),
    locations,
    names,
  }
}

function xeroTaxRatesFromFields(
  fields: Record<RoleKey, XeroRateFields>,
): Record<RoleKey, XeroTaxRate> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, { name, percent }]) => [
      key,
      { name, ...(percent.trim() === '' ? {} : { percent: Number(percent) }) },
    ]),
  )
}

function AccountField({
  id,
  row,
  field,
  value,
  placeholder,
  error,
  onChange,
}: {
  id: string
  row: MappingRow
  field: Field
  value: string
  placeholder: string
  error: string | undefined
  onChange: (value: string) => void
}): React.JSX.Element {
  return (
    <>
      <input
        id={id}
        aria-label={`${field === 'code' ? 'Code' : 'Name'} for ${row.label}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="error">
          {error}
        </span>
      )}
    </>
  )
}

/**
 * Settings → Account mapping: every account of the default chart (docs/ledger.md#accounts) and
 * every payment method, tax and expense category the shop's data shows, each re-mappable by code
 * and name, for every location or for one. Roles the chart only guesses are marked until mapped.
 * The shared mapping, or that of a destination posting with its own.
 */
export function AccountMappingPanel(): React.JSX.Element | null {
  const state = useActiveConnection()
  const id = useId()
  const connection = state.status === 'ready' ? state.connection : null
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [scope, setScope] = useState<Scope>(EVERY_LOCATION)
  const [errors, setErrors] = useState<Map<string, string>>(new Map())
  const [saved, setSaved] = useState<string | null>(null)
  const [chosen, setChosen] = useState<MappingId>(SHARED_MAPPING)
  const db = connection?.db
  const ownMappings = useLiveQuery(
    async () => (db ? (await listDestinations(db)).filter((d) => d.mapping === 'own') : []),
    [db],
  )
  // A destination gone back to the shared mapping takes its own out of the choice.
  const mappingId = ownMappings?.some((d) => mappingIdOf(d) === chosen) ? chosen : SHARED_MAPPING

  useEffect(() => {
    if (!connection) return
    let live = true
    void load(connection.db, mappingId).then((next) => live && setLoaded(next))
    return () => {
      live = false
    }
  }, [connection, mappingId])

  if (!connection || !loaded) return null
  const { form, rows, locations, names } = loaded

  const edit = (row: MappingRow, field: Field, value: string): void => {
    const current = form[scope]?.[row.key] ?? { code: '', name: '' }
    setLoaded({
      ...loaded,
      form: { ...form, [scope]: { ...form[scope], [row.key]: { ...current, [field]: value } } },
    })
    setSaved(null)
  }

  const save = (event: FormEvent): void => {
    event.preventDefault()
    setSaved(null)
    saveMapping(
      connection.db,
      { ...mappingFromForm(form), xeroTaxRates: xeroTaxRatesFromFields(loaded.xeroTaxRates) },
      new Date(),
      loaded.mappingId,
    )
      .then(async () => {
        setErrors(new Map())
        setLoaded(await load(connection.db, loaded.mappingId))
        setSaved(
          'Saved. Exports from now on post with this mapping; entries already exported stay as they are in the books.',
        )
      })
      .catch((error: Error) =>
        setErrors(
          error instanceof AccountMappingError
            ? fieldErrors(error)
            : new Map([['', error.message]]),
        ),
      )
  }

  // Kept in one place in both renderings, so the select keeps focus while a mapping loads.
  const top = (
    <>
      <h2 id={`${id}-title`}>Account mapping for “{connection.profile.name}”</h2>
      <label htmlFor={`${id}-mapping`}>Mapping for</label>{' '}
      <select
        id={`${id}-mapping`}
        value={mappingId}
        onChange={(e) => {
          setChosen(e.target.value as MappingId)
          setErrors(new Map())
          setSaved(null)
        }}
      >
        <option value={SHARED_MAPPING}>Shared (every destination without its own)</option>
        {(ownMappings ?? []).map((d) => (
          <option key={d.id} value={mappingIdOf(d)}>
            {d.name}
          </option>
        ))}
      </select>
    </>
  )
  if (loaded.mappingId !== mappingId)
    return (
      <section aria-labelledby={`${id}-title`} className="panel" aria-busy>
        {top}
        <p className="muted">Loading the mapping…</p>
      </section>
    )
  const unmapped = rows.filter((r) => r.needsMapping)
  const general = errors.get('')
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      {top}
      <p className="muted">
        Journals post to these accounts. Leave a row empty to keep the default chart’s account (for
        one location: the account set for every location). A change applies to what you export after
        saving it: entries already exported are never rewritten or posted again.
      </p>
      {unmapped.length > 0 && (
        <p className="notice" role="note">
          {unmapped.length === 1 ? '1 account needs' : `${unmapped.length} accounts need`} mapping:
          the shop uses {unmapped.map((r) => r.label).join(', ')}, which the default chart only
          guesses.
        </p>
      )}
      <form className="account-mapping" aria-label="Account mapping" onSubmit={save} noValidate>
        <label htmlFor={`${id}-scope`}>Accounts for</label>{' '}
        <select id={`${id}-scope`} value={scope} onChange={(e) => setScope(e.target.value)}>
          {[EVERY_LOCATION, ...locations].map((l) => (
            <option key={l} value={l}>
              {scopeLabel(l, names)}
            </option>
          ))}
        </select>
        {ROW_GROUPS.map((group) => {
          const groupRows = rows.filter((r) => r.group === group)
          if (groupRows.length === 0) return null
          return (
            <table key={group} aria-label={group}>
              <TableHead
                columns={[
                  group,
                  'Code',
                  'Name',
                  'Create in Xero / QuickBooks as',
                  ...(group === 'Taxes' ? ['Xero tax rate'] : []),
                ]}
              />
              <tbody>
                {groupRows.map((row) => {
                  const value = form[scope]?.[row.key] ?? { code: '', name: '' }
                  const fallback = inherited(form, scope, row)
                  const field = (f: Field) => (
                    <AccountField
                      // Role keys and location ids hold spaces and colons: no part of an id.
                      id={`${id}-${locations.indexOf(scope)}-${rows.indexOf(row)}-${f}`}
                      row={row}
                      field={f}
                      value={value[f]}
                      placeholder={fallback[f]}
                      error={errors.get(fieldKey(scope, row.key, f))}
                      onChange={(v) => edit(row, f, v)}
                    />
                  )
                  return (
                    <tr key={row.key}>
                      <th scope="row">
                        {row.label}
                        {row.needsMapping && (
                          <>
                            {' '}
                            <span className="badge warning">needs mapping</span>
                          </>
                        )}
                      </th>
                      <td>{field('code')}</td>
                      <td>
                        {field('name')}
                        <AccountFormatsPreview role={row.role} label={row.label} value={value} />
                      </td>
                      <td className="muted">
                        {packageAccountTypes(row.role).xero} /{' '}
                        {packageAccountTypes(row.role).quickBooks}
                      </td>
                      {group === 'Taxes' && (
                        <td>
                          <XeroTaxRateField
                            label={row.label}
                            withPercent={row.role.type === 'input-tax'}
                            value={loaded.xeroTaxRates[row.key] ?? { name: '', percent: '' }}
                            onChange={(rate) => {
                              setLoaded({
                                ...loaded,
                                xeroTaxRates: { ...loaded.xeroTaxRates, [row.key]: rate },
                              })
                              setSaved(null)
                            }}
                          />
                        </td>
                      )}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          )
        })}
        <SaveFooter
          label="Save account mapping"
          message={
            errors.size > 0
              ? {
                  ok: false,
                  text:
                    general ??
                    `The mapping was not saved: ${errors.size === 1 ? 'a field needs' : `${errors.size} fields need`} attention${scopesWithErrors(errors, scope)}.`,
                }
              : saved
                ? { ok: true, text: saved }
                : null
          }
        />
      </form>
    </section>
  )
}

/**
 * The Xero tax rate a tax reports under in a Xero export, by its full name in the organisation's
 * tax settings (see exports/rules/formats/xero-tax.ts); input tax also needs its percentage, which expenses do
 * not give. Empty: the tax keeps its own line, Tax Exempt.
 */
function XeroTaxRateField({
  label,
  withPercent,
  value,
  onChange,
}: {
  label: string
  withPercent: boolean
  value: XeroRateFields
  onChange(rate: XeroRateFields): void
}): React.JSX.Element {
  return (
    <>
      <input
        aria-label={`Xero tax rate for ${label}`}
        value={value.name}
        maxLength={100}
        placeholder="Tax Exempt"
        onChange={(e) => onChange({ ...value, name: e.target.value })}
      />
      {withPercent && (
        <>
          {' '}
          <input
            aria-label={`Percentage of ${label}`}
            inputMode="decimal"
            size={5}
            value={value.percent}
            placeholder="%"
            onChange={(e) => onChange({ ...value, percent: e.target.value })}
          />
          %
        </>
      )}
    </>
  )
}

/** Where else, beyond the scope shown, fields need attention. */
function scopesWithErrors(errors: Map<string, string>, shown: Scope): string {
  const others = new Set<string>()
  for (const key of errors.keys()) {
    const scope = fieldScope(key)
    if (scope === null || scope === shown) continue
    others.add(scope === EVERY_LOCATION ? 'every location' : `location ${scope}`)
  }
  return others.size === 0 ? '' : ` (also under ${[...others].join(', ')})`
}
