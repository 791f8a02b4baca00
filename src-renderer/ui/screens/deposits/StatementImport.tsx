import { useId, useMemo, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import type { BankAccount } from '../../../deposits'
import { StatementReadError } from '../../../deposits'
import { recogniseCsvLayout } from '../../../deposits'
import { likelyDelimiter } from '../../../deposits'
import type { CsvMapping } from '../../../deposits'
import { previewStatement, StatementCurrencyError, statementFormatOf } from '../../../deposits'
import { StatementAccountError, StatementSizeError, statementSizeProblem } from '../../../deposits'
import { importStatement, type ImportResult } from '../../../deposits'
import { CsvColumns } from './CsvColumns'
import { StatementPreviewTable } from './StatementPreviewTable'
import { AccountNumberOffer, type NumberOffer } from './AccountNumberOffer'

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

/** The errors that say why a file is refused in words of their own. */
const REFUSALS = [
  StatementReadError,
  StatementCurrencyError,
  StatementAccountError,
  StatementSizeError,
]

interface Picked {
  name: string
  text: string
  mapping: CsvMapping | null
}

/** The file's text, read once, with a first mapping when it is a CSV file. */
async function readPicked(
  file: File,
  remembered: () => Promise<CsvMapping | null>,
  currency: string,
): Promise<Picked> {
  const text = await file.text()
  const csv = statementFormatOf(text) === 'csv'
  return {
    name: file.name,
    text,
    mapping: csv ? firstMapping(text, await remembered(), currency) : null,
  }
}

function importedText(result: ImportResult, accountName: string): string {
  return (
    `Imported ${result.added} new ${result.added === 1 ? 'line' : 'lines'} into ${accountName}` +
    (result.already > 0 ? `; already there: ${result.already}` : '') +
    `. Matched ${result.matched} automatically; ${result.offers} to decide.`
  )
}

function refusedText(error: Error): string {
  const known = REFUSALS.some((refusal) => error instanceof refusal)
  return `Nothing was imported. ${known ? '' : 'Till could not import the file: '}${error.message}`
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
  const [numberOffer, setNumberOffer] = useState<NumberOffer | null>(null)
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
    setNumberOffer(null)
    setPicked(null)
    if (!file) return
    // Refused before it is read: a 100 MB file would hold the page for seconds.
    const tooLarge = statementSizeProblem(file.size)
    if (tooLarge) return setOutcome({ ok: false, text: `Nothing was imported. ${tooLarge}` })
    setPicked(
      await readPicked(
        file,
        () => rememberedMapping(account?.id ?? ''),
        account?.currency ?? currency,
      ),
    )
  }

  const run = async () => {
    if (!picked || !account || !preview?.ok) return
    setBusy(true)
    try {
      // The statement as the preview read it: the file is not read again.
      const result = await importStatement(
        db,
        {
          bankAccountId: account.id,
          statement: preview.statement,
          fileName: picked.name,
          csv: picked.mapping ?? undefined,
        },
        currency,
        Date.now(),
      )
      if (result.numberToKeep) setNumberOffer({ account, number: result.numberToKeep })
      setOutcome({ ok: true, text: importedText(result, account.name) })
      setPicked(null)
    } catch (error) {
      setOutcome({ ok: false, text: refusedText(error as Error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="import-title" className="panel">
      <h2 id="import-title">Import a bank statement</h2>
      <p className="muted">
        CSV, OFX/QFX, CAMT.053 or MT940, as your bank exports it. Lines already imported, from this
        format or another, are recognised and left out, so an overlapping statement is fine.
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
      {numberOffer && (
        <AccountNumberOffer
          db={db}
          currency={currency}
          offer={numberOffer}
          onKept={() => setNumberOffer(null)}
        />
      )}
    </section>
  )
}
