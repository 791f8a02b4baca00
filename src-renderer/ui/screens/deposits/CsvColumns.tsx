import { useId } from 'react'
import { CSV_DATE_FORMATS, type CsvDateFormat } from '../../../deposits'
import { csvRows } from '../../../deposits'
import type { CsvMapping } from '../../../deposits'

/** The header row's column names, to map them. */
function headerOf(text: string, mapping: CsvMapping): string[] {
  try {
    return csvRows(text, mapping.delimiter)[mapping.skipRows]?.cells.map((c) => c.trim()) ?? []
  } catch {
    return []
  }
}

function ColumnSelect({
  label,
  columns,
  value,
  onChange,
}: {
  label: string
  columns: string[]
  value: string
  onChange(column: string): void
}): React.JSX.Element {
  const id = useId()
  return (
    <span className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {!columns.includes(value) && <option value={value}>{value || '(choose)'}</option>}
        {columns.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </span>
  )
}

/** A bank's money in and money out columns, when it gives no signed amount. */
const MONEY_SIDES = [
  ['credit', 'Money in column'],
  ['debit', 'Money out column'],
] as const

/** Which columns of a bank's CSV file (`text`) hold the date, the amounts and the description. */
export function CsvColumns({
  text,
  mapping,
  onChange,
}: {
  text: string
  mapping: CsvMapping
  onChange(mapping: CsvMapping): void
}): React.JSX.Element {
  const columns = headerOf(text, mapping)
  const set = (change: Partial<CsvMapping>) => onChange({ ...mapping, ...change })
  const signed = 'signed' in mapping.amount ? mapping.amount.signed : ''
  const inAndOut = 'signed' in mapping.amount ? null : mapping.amount
  const dateFormatId = useId()
  const decimalId = useId()
  return (
    <fieldset className="csv-columns">
      <legend>Columns of this bank’s CSV file</legend>
      <ColumnSelect
        label="Date column"
        columns={columns}
        value={mapping.date}
        onChange={(date) => set({ date })}
      />
      <span className="field">
        <label htmlFor={dateFormatId}>Dates written as</label>
        <select
          id={dateFormatId}
          value={mapping.dateFormat}
          onChange={(e) => set({ dateFormat: e.target.value as CsvDateFormat })}
        >
          {CSV_DATE_FORMATS.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
      </span>
      {inAndOut === null ? (
        <ColumnSelect
          label="Amount column"
          columns={columns}
          value={signed}
          onChange={(column) => set({ amount: { signed: column } })}
        />
      ) : (
        MONEY_SIDES.map(([side, label]) => (
          <ColumnSelect
            key={side}
            label={label}
            columns={columns}
            value={inAndOut[side]}
            onChange={(column) => set({ amount: { ...inAndOut, [side]: column } })}
          />
        ))
      )}
      <ColumnSelect
        label="Description column"
        columns={columns}
        value={mapping.text[0] ?? ''}
        onChange={(column) => set({ text: [column] })}
      />
      <span className="field">
        <label htmlFor={decimalId}>Decimal mark</label>
        <select
          id={decimalId}
          value={mapping.decimalMark}
          onChange={(e) => set({ decimalMark: e.target.value as '.' | ',' })}
        >
          <option value=".">. (1,234.56)</option>
          <option value=",">, (1.234,56)</option>
        </select>
      </span>
    </fieldset>
  )
}
