import { useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { saveDepositSettings } from '../../../deposits'
import type { DepositSettings } from '../../../deposits'
import { useNumberMarks } from '../../hooks/use-number-marks'
import { AddBankAccount } from './AddBankAccount'
import { SettingInput } from './SettingInput'
import { SettlementTermsTable } from './SettlementTermsTable'
import { draftOf, settingsFromDraft, type SettingsDraft } from './settings-draft'

/**
 * Where each method's money settles and on what terms, in words a bookkeeper uses: the bank
 * account, days until it arrives, and the processor's fee.
 */
export function DepositSettingsPanel({
  db,
  settings,
  currency,
  locations,
}: {
  db: TillDatabase
  settings: DepositSettings
  currency: string
  /** The locations with takings, as [id, name], for their floats. */
  locations: readonly (readonly [string, string])[]
}): React.JSX.Element {
  const marks = useNumberMarks()
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings, currency, marks))
  // Settings saved here or pulled from shared books start the form again; what was said stays.
  const [shown, setShown] = useState(() => JSON.stringify(settings))
  if (shown !== JSON.stringify(settings)) {
    setShown(JSON.stringify(settings))
    setDraft(draftOf(settings, currency, marks))
  }
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  const locationName = (id: string) => locations.find(([l]) => l === id)?.[1] ?? id
  const save = async () => {
    const read = settingsFromDraft(settings, draft, currency, marks, locationName)
    if (!read.ok) return setSaid({ ok: false, text: read.message })
    await saveDepositSettings(db, read.settings)
    setSaid({ ok: true, text: 'Saved. Expected deposits follow the new terms.' })
  }
  const setPart = <Part extends 'cash' | 'window' | 'tolerance'>(
    part: Part,
    change: Partial<SettingsDraft[Part]>,
  ) => setDraft({ ...draft, [part]: { ...draft[part], ...change } })
  const setTerms = (i: number, change: Partial<SettingsDraft['terms'][number]>) =>
    setDraft({
      ...draft,
      terms: draft.terms.map((d, j) => (j === i ? { ...d, ...change } : d)),
    })
  return (
    <details className="panel">
      <summary>Bank accounts, days and fees</summary>
      <SettingInput
        label="Bank account name"
        value={draft.accountName}
        onChange={(accountName) => setDraft({ ...draft, accountName })}
      />
      <SettingInput
        label="Account number (IBAN or the bank’s)"
        value={draft.accountNumber}
        onChange={(accountNumber) => setDraft({ ...draft, accountNumber })}
      />
      <SettlementTermsTable
        settings={settings}
        draft={draft}
        currency={currency}
        onCash={(change) => setPart('cash', change)}
        onTerms={setTerms}
      />
      <fieldset>
        <legend>Cash float kept in the drawer ({currency})</legend>
        <SettingInput
          label="Every location"
          inputMode="decimal"
          value={draft.cash.defaultFloat}
          onChange={(defaultFloat) => setPart('cash', { defaultFloat })}
        />
        {locations.map(([id, name]) => (
          <SettingInput
            key={id}
            label={`At ${name} (blank: as every location)`}
            inputMode="decimal"
            value={draft.cash.floats[id] ?? ''}
            onChange={(float) => setPart('cash', { floats: { ...draft.cash.floats, [id]: float } })}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>How far matching looks</legend>
        <SettingInput
          label="Days before the due date"
          inputMode="numeric"
          value={draft.window.before}
          onChange={(before) => setPart('window', { before })}
        />
        <SettingInput
          label="Days after the due date"
          inputMode="numeric"
          value={draft.window.after}
          onChange={(after) => setPart('window', { after })}
        />
        <SettingInput
          label="Tolerance (% of the takings)"
          inputMode="decimal"
          value={draft.tolerance.percent}
          onChange={(percent) => setPart('tolerance', { percent })}
        />
        <SettingInput
          label={`Tolerance, plus (${currency})`}
          inputMode="decimal"
          value={draft.tolerance.fixed}
          onChange={(fixed) => setPart('tolerance', { fixed })}
        />
      </fieldset>
      <button type="button" onClick={() => void save()}>
        Save deposit settings
      </button>
      <AddBankAccount db={db} settings={settings} onSaid={setSaid} />
      {said && (
        <p role={said.ok ? 'status' : 'alert'} className={said.ok ? '' : 'error'}>
          {said.text}
        </p>
      )}
    </details>
  )
}
