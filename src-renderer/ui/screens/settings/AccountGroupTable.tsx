import { packageAccountTypes, type RoleKey } from '../../../exports'
import { TableHead } from '../../components/money-table/TableHead'
import { AccountFormatsPreview } from './AccountFormatsPreview'
import {
  fieldKey,
  inherited,
  type Field,
  type MappingForm,
  type MappingRow,
  type RowGroup,
  type Scope,
} from './account-mapping-form'

/** A tax's Xero tax rate as typed: its name, and for input tax its percentage. */
export interface XeroRateFields {
  name: string
  percent: string
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

/**
 * One group of the mapping (the chart's accounts, payment methods, taxes, expense categories):
 * each role's code and name for the scope shown, the default or the every-location account as
 * the placeholder, what to create it as in Xero and QuickBooks, and for taxes their Xero tax rate.
 * Nothing when the shop's data has no role of the group.
 */
export function AccountGroupTable({
  idPrefix,
  group,
  rows,
  scope,
  scopeIndex,
  form,
  errors,
  xeroTaxRates,
  onEdit,
  onXeroTaxRate,
}: {
  idPrefix: string
  group: RowGroup
  /** Every row of the mapping, of every group. */
  rows: MappingRow[]
  scope: Scope
  /** The scope's place among the locations (-1 for every location), for the fields' ids. */
  scopeIndex: number
  form: MappingForm
  /** Refused fields' messages, by `fieldKey`. */
  errors: Map<string, string>
  xeroTaxRates: Record<RoleKey, XeroRateFields>
  onEdit: (row: MappingRow, field: Field, value: string) => void
  onXeroTaxRate: (key: RoleKey, rate: XeroRateFields) => void
}): React.JSX.Element | null {
  const groupRows = rows.filter((r) => r.group === group)
  if (groupRows.length === 0) return null
  return (
    <table aria-label={group}>
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
              id={`${idPrefix}-${scopeIndex}-${rows.indexOf(row)}-${f}`}
              row={row}
              field={f}
              value={value[f]}
              placeholder={fallback[f]}
              error={errors.get(fieldKey(scope, row.key, f))}
              onChange={(v) => onEdit(row, f, v)}
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
                {packageAccountTypes(row.role).xero} / {packageAccountTypes(row.role).quickBooks}
              </td>
              {group === 'Taxes' && (
                <td>
                  <XeroTaxRateField
                    label={row.label}
                    withPercent={row.role.type === 'input-tax'}
                    value={xeroTaxRates[row.key] ?? { name: '', percent: '' }}
                    onChange={(rate) => onXeroTaxRate(row.key, rate)}
                  />
                </td>
              )}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
