import { useId, useMemo, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import type { BankAccount } from '../../../deposits'
import { StatementReadError } from '../../../deposits'
import { CSV_DATE_FORMATS, type CsvDateFormat } from '../../../deposits'
import { recogniseCsvLayout } from '../../../deposits'
import { csvRows, likelyDelimiter } from '../../../deposits'
import { guessCsvMapping } from '../../../deposits'
import type { CsvMapping } from '../../../deposits'
import { previewStatement, StatementCurrencyError, statementFormatOf } from '../../../deposits'
import { formatMoney } from '../../../format/format-money'
import { formatBusinessDate } from '../../../format/time'
import { importStatement } from '../../../deposits'

const FORMAT_NAMES = {
  csv: 'CSV',
  ofx: 'OFX/QFX',
  camt053: 'CAMT.053',
  mt940: 'MT940',
} as const

/** The header row's column names, to map them. */
function headerOf(text: string, mapping: CsvMapping): string[] {
  try {
    return csvRows(text, mapping.delimiter)[mapping.skipRows]?.cells.map((c) => c.trim()) ?? []
  } catch {
    return []
  }
}

/** A first mapping for a file: the account's remembered one, a layout Till knows, or a guess. */
function firstMapping(text: string, remembered: CsvMapping | null): CsvMapping {
  const delimiter = likelyDelimiter(text.split('\n', 1)[0] ?? '')
  return (
    remembered ??
    recogniseCsvLayout(text)?.mapping ??
    guessCsvMapping(text) ?? {
      delimiter,
      skipRows: 0,
      footerRows: 0,
      date: '',
      dateFormat: 'YYYY-MM-DD',
      amount: { signed: '' },
      text: [],
      decimalMark: '.',
    }
  )
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

function CsvColumns({
  columns,
  mapping,
  onChange,
}: {
  columns: string[]
  mapping: CsvMapping
  onChange(mapping: CsvMapping): void
}): React.JSX.Element {
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

interface Picked {
  name: string
  text: string
  mapping: CsvMapping | null
}

/**
 * Importing a bank statement: the account, the file, for a CSV file its columns (the account's
 * remembered mapping first), a preview of what would come in, then the import.
 */
export function StatementImport({
  db,
  accounts,
  currency,
  rememberedMapping,
}: {
  db: TillDatabase
  accounts: BankAccount[]
  currency: string
  rememberedMapping(bankAccountId: string): Promise<CsvMapping | null>
}): React.JSX.Element {
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '')
  const [picked, setPicked] = useState<Picked | null>(null)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0]
  const accountFieldId = useId()
  const fileFieldId = useId()
  const format = picked ? statementFormatOf(picked.text) : null
  const preview = useMemo(
    () =>
      picked && account
        ? previewStatement(picked.text, {
            csv: picked.mapping ?? undefined,
            currency: account.currency,
          })
        : null,
    [picked, account],
  )

  const pick = async (file: File | undefined) => {
    setOutcome(null)
    if (!file) return setPicked(null)
    const text = await file.text()
    const mapping =
      statementFormatOf(text) === 'csv'
        ? firstMapping(text, await rememberedMapping(account?.id ?? ''))
        : null
    setPicked({ name: file.name, text, mapping })
  }

  const run = async () => {
    if (!picked || !account) return
    setBusy(true)
    try {
      const result = await importStatement(
        db,
        { bankAccountId: account.id, text: picked.text, csv: picked.mapping ?? undefined },
        currency,
        Date.now(),
      )
      setOutcome({
        ok: true,
        text:
          `Imported ${result.added} new ${result.added === 1 ? 'line' : 'lines'} into ${account.name}` +
          (result.already > 0 ? `; already there: ${result.already}` : '') +
          `. Matched ${result.matched} automatically; ${result.offers} to decide.`,
      })
      setPicked(null)
    } catch (error) {
      const known = error instanceof StatementReadError || error instanceof StatementCurrencyError
      setOutcome({
        ok: false,
        text: `Nothing was imported. ${known ? '' : 'Till could not import the file: '}${(error as Error).message}`,
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="import-title" className="panel">
      <h2 id="import-title">Import a bank statement</h2>
      <p className="muted">
        CSV, OFX/QFX, CAMT.053 or MT940, as your bank exports it. Lines already imported are
        recognised and left out, so an overlapping statement is fine.
      </p>
      <div className="filters">
        <span className="field">
          <label htmlFor={accountFieldId}>Bank account</label>
          <select
            id={accountFieldId}
            value={account?.id ?? ''}
            onChange={(e) => setAccountId(e.target.value)}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.currency})
              </option>
            ))}
          </select>
        </span>
        <span className="field">
          <label htmlFor={fileFieldId}>Statement file</label>
          <input
            id={fileFieldId}
            type="file"
            accept=".csv,.txt,.ofx,.qfx,.xml,.sta,.940,.mt940"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </span>
      </div>
      {picked && format && (
        <p>
          {picked.name}: read as {FORMAT_NAMES[format]}.
        </p>
      )}
      {picked?.mapping && (
        <CsvColumns
          columns={headerOf(picked.text, picked.mapping)}
          mapping={picked.mapping}
          onChange={(mapping) => setPicked({ ...picked, mapping })}
        />
      )}
      {preview && !preview.ok && (
        <p role="alert" className="error">
          This file cannot be imported as it is: {preview.error.message}
        </p>
      )}
      {preview?.ok && account && (
        <>
          <table className="deposit-table" aria-label="Statement preview">
            <caption>
              The first {preview.lines.length} of {preview.total} lines
              {preview.currency !== account.currency &&
                ` — in ${preview.currency}, not ${account.currency}: it will be refused`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col" className="amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.lines.map((line) => (
                <tr key={line.id}>
                  <td>{formatBusinessDate(line.date)}</td>
                  <td>{line.text}</td>
                  <td className="amount">{formatMoney(line.amount, line.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" disabled={busy} onClick={() => void run()}>
            Import {preview.total} lines
          </button>
        </>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? '' : 'error'}>
          {outcome.text}
        </p>
      )}
    </section>
  )
}
