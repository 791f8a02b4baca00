import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useActiveConnection } from '../../hooks/use-active-connection'
import type { TillDatabase } from '../../../database/database'
import { AccountMappingError, readMapping, rolesInCache, saveMapping } from '../../../exports'
import type { RoleKey } from '../../../exports'
import { listDestinations, mappingIdOf } from '../../../exports'
import { SHARED_MAPPING, type MappingId } from '../../../exports'
import type { XeroTaxRate } from '../../../exports'
import {
  EVERY_LOCATION,
  fieldErrors,
  fieldScope,
  formFromMapping,
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
import { AccountGroupTable, type XeroRateFields } from './AccountGroupTable'
import { SaveFooter, type SaveMessage } from './SaveFooter'

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
        {ROW_GROUPS.map((group) => (
          <AccountGroupTable
            key={group}
            idPrefix={id}
            group={group}
            rows={rows}
            scope={scope}
            scopeIndex={locations.indexOf(scope)}
            form={form}
            errors={errors}
            xeroTaxRates={loaded.xeroTaxRates}
            onEdit={edit}
            onXeroTaxRate={(key, rate) => {
              setLoaded({ ...loaded, xeroTaxRates: { ...loaded.xeroTaxRates, [key]: rate } })
              setSaved(null)
            }}
          />
        ))}
        <SaveFooter label="Save account mapping" message={saveMessage(errors, saved, scope)} />
      </form>
    </section>
  )
}

/** What saving came to: the fields refused (and under which scopes), or that it saved. */
function saveMessage(
  errors: Map<string, string>,
  saved: string | null,
  shown: Scope,
): SaveMessage | null {
  if (errors.size > 0)
    return {
      ok: false,
      text:
        errors.get('') ??
        `The mapping was not saved: ${errors.size === 1 ? 'a field needs' : `${errors.size} fields need`} attention${scopesWithErrors(errors, shown)}.`,
    }
  return saved ? { ok: true, text: saved } : null
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
