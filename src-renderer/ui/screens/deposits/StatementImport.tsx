import { useId, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import type { BankAccount, ReadingProgress } from '../../../deposits'
import { progressWords, readErrorOf, StatementReadError } from '../../../deposits'
import type { CsvMapping } from '../../../deposits'
import { StatementCurrencyError } from '../../../deposits'
import { StatementAccountError, StatementSizeError, statementSizeProblem } from '../../../deposits'
import { importStatement, type ImportResult } from '../../../deposits'
import { CsvColumns } from './CsvColumns'
import { StatementPreviewTable } from './StatementPreviewTable'
import { AccountNumberOffer, type NumberOffer } from './AccountNumberOffer'
import { useStatementReader } from './use-statement-reader'

const FORMAT_NAMES = {
  csv: 'CSV',
  ofx: 'OFX/QFX',
  camt053: 'CAMT.053',
  mt940: 'MT940',
} as const

/** The errors that say why a file is refused in words of their own. */
const REFUSALS = [
  StatementReadError,
  StatementCurrencyError,
  StatementAccountError,
  StatementSizeError,
]

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

/** How far the file is read, in words and as a bar. */
function ReadingBar({ progress }: { progress: ReadingProgress }): React.JSX.Element {
  const bytes = progress.kind === 'progress' ? progress : null
  return (
    <p>
      <label>
        {progressWords(progress)} <progress max={bytes?.total} value={bytes?.read} />
      </label>
    </p>
  )
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
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const [numberOffer, setNumberOffer] = useState<NumberOffer | null>(null)
  const [busy, setBusy] = useState(false)
  const { picked, progress, read, remap, statement, close } = useStatementReader()
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0]
  const accountFieldId = useId()
  const fileFieldId = useId()
  const preview = picked?.preview ?? null

  const pick = async (file: File | undefined) => {
    setOutcome(null)
    setNumberOffer(null)
    close()
    if (!file || !account) return
    // Refused before it is read: a 100 MB file would take the reader seconds and its memory.
    const tooLarge = statementSizeProblem(file.size)
    if (tooLarge) return setOutcome({ ok: false, text: `Nothing was imported. ${tooLarge}` })
    try {
      await read(file, {
        currency: account.currency,
        remembered: await rememberedMapping(account.id),
      })
    } catch (error) {
      setOutcome({ ok: false, text: refusedText(error as Error) })
    }
  }

  const chooseAccount = (id: string) => {
    setAccountId(id)
    const chosen = accounts.find((a) => a.id === id)
    if (picked?.mapping && chosen) void remap(picked.mapping, chosen.currency)
  }

  const run = async () => {
    if (!picked || !account || !preview?.ok) return
    setBusy(true)
    try {
      const read = await statement()
      if (!read) return
      const result = await importStatement(
        db,
        {
          bankAccountId: account.id,
          statement: read,
          fileName: picked.name,
          csv: picked.mapping ?? undefined,
        },
        currency,
        Date.now(),
      )
      if (result.numberToKeep) setNumberOffer({ account, number: result.numberToKeep })
      setOutcome({ ok: true, text: importedText(result, account.name) })
      close()
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
            onChange={(e) => chooseAccount(e.target.value)}
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
      {progress && <ReadingBar progress={progress} />}
      {picked && (
        <p>
          {picked.name}: read as {FORMAT_NAMES[picked.format]}.
        </p>
      )}
      {picked?.mapping && account && (
        <CsvColumns
          text={picked.head}
          mapping={picked.mapping}
          onChange={(mapping) => void remap(mapping, account.currency)}
        />
      )}
      {preview && !preview.ok && (
        <p role="alert" className="error">
          This file cannot be imported as it is: {readErrorOf(preview.failure).message}
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
