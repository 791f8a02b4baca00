import { useId, useMemo, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import type { BankAccount } from '../../../deposits'
import { StatementReadError } from '../../../deposits'
import { recogniseCsvLayout } from '../../../deposits'
import { likelyDelimiter } from '../../../deposits'
import type { CsvMapping } from '../../../deposits'
import { previewStatement, StatementCurrencyError, statementFormatOf } from '../../../deposits'
import { importStatement } from '../../../deposits'
import { CsvColumns } from './CsvColumns'
import { StatementPreviewTable } from './StatementPreviewTable'

const FORMAT_NAMES = {
  csv: 'CSV',
  ofx: 'OFX/QFX',
  camt053: 'CAMT.053',
  mt940: 'MT940',
} as const

/** A first mapping for a file: the account's remembered one, a layout Till knows, or a guess
 *  (its amounts read as the account's currency writes them). */
function firstMapping(text: string, remembered: CsvMapping | null, currency: string): CsvMapping {
  const delimiter = likelyDelimiter(text.split('\n', 1)[0] ?? '')
  return (
    remembered ??
    recogniseCsvLayout(text, currency)?.mapping ?? {
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
        ? firstMapping(
            text,
            await rememberedMapping(account?.id ?? ''),
            account?.currency ?? currency,
          )
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
          text={picked.text}
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
          <StatementPreviewTable preview={preview} accountCurrency={account.currency} />
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
