import { useState } from 'react'
import type { TillDatabase } from '../../../cache/database'
import { saveDepositSettings } from '../../../cache/deposit-settings-store'
import {
  depositSettingsSchema,
  type DepositSettings,
} from '../../../domain/deposits/deposit-settings'
import { methodLabel } from '../../../domain/format/labels'

/** "2.5" (percent) ↔ 250 basis points; null for what is not a percentage. */
function basisPoints(text: string): number | null {
  const value = text.trim().replace(',', '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null
  const [whole, part = ''] = value.split('.')
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}

function percentText(points: number): string {
  return `${Math.floor(points / 100)}${
    points % 100 === 0
      ? ''
      : `.${String(points % 100)
          .padStart(2, '0')
          .replace(/0$/, '')}`
  }`
}

/**
 * Where each method's money settles and on what terms, in words a bookkeeper uses: the bank
 * account, days until it arrives, and the processor's fee.
 */
export function DepositSettingsPanel({
  db,
  settings,
}: {
  db: TillDatabase
  settings: DepositSettings
}): React.JSX.Element {
  const [draft, setDraft] = useState(() => ({
    accountName: settings.bankAccounts[0]?.name ?? '',
    cashLag: String(settings.cash.lagDays),
    terms: settings.settlements.map((t) => ({
      lag: String(t.lagDays),
      fee: percentText(t.feeBasisPoints),
    })),
  }))
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  const save = async () => {
    const fees = draft.terms.map((t) => basisPoints(t.fee))
    if (fees.some((f) => f === null))
      return setSaid({ ok: false, text: 'Give each fee as a percentage, such as 2 or 0.7.' })
    const next: DepositSettings = {
      ...settings,
      bankAccounts: settings.bankAccounts.map((a, i) =>
        i === 0 ? { ...a, name: draft.accountName } : a,
      ),
      cash: { ...settings.cash, lagDays: Number(draft.cashLag) },
      settlements: settings.settlements.map((t, i) => ({
        ...t,
        lagDays: Number(draft.terms[i]!.lag),
        feeBasisPoints: fees[i]!,
      })),
    }
    const checked = depositSettingsSchema.safeParse(next)
    if (!checked.success)
      return setSaid({ ok: false, text: checked.error.issues[0]?.message ?? 'Not saved.' })
    await saveDepositSettings(db, checked.data)
    setSaid({ ok: true, text: 'Saved. Expected deposits follow the new terms.' })
  }
  const [added, setAdded] = useState({
    name: '',
    currency: settings.bankAccounts[0]?.currency ?? '',
  })
  const addAccount = async () => {
    const next: DepositSettings = {
      ...settings,
      bankAccounts: [
        ...settings.bankAccounts,
        {
          id: `bank-${settings.bankAccounts.length + 1}-${Date.now().toString(36)}`,
          name: added.name,
          currency: added.currency,
        },
      ],
    }
    const checked = depositSettingsSchema.safeParse(next)
    if (!checked.success)
      return setSaid({ ok: false, text: checked.error.issues[0]?.message ?? 'Not added.' })
    await saveDepositSettings(db, checked.data)
    setSaid({ ok: true, text: `${added.name} added: statements can be imported into it.` })
  }
  const account = (id: string) => settings.bankAccounts.find((a) => a.id === id)?.name ?? id
  return (
    <details className="panel">
      <summary>Bank accounts, days and fees</summary>
      <label className="field">
        Bank account name
        <input
          value={draft.accountName}
          onChange={(e) => setDraft({ ...draft, accountName: e.target.value })}
        />
      </label>
      <table className="deposit-table" aria-label="Settlement terms">
        <thead>
          <tr>
            <th scope="col">Takings</th>
            <th scope="col">Paid into</th>
            <th scope="col">Business days until it arrives</th>
            <th scope="col">Processor’s fee (%)</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Cash</th>
            <td>{account(settings.cash.bankAccountId)}</td>
            <td>
              <input
                aria-label="Cash: business days until it arrives"
                inputMode="numeric"
                value={draft.cashLag}
                onChange={(e) => setDraft({ ...draft, cashLag: e.target.value })}
              />
            </td>
            <td>none</td>
          </tr>
          {settings.settlements.map((t, i) => (
            <tr key={`${t.method}-${t.locationIds.join(',')}`}>
              <th scope="row">{methodLabel(t.method)}</th>
              <td>{account(t.bankAccountId)}</td>
              <td>
                <input
                  aria-label={`${methodLabel(t.method)}: business days until it arrives`}
                  inputMode="numeric"
                  value={draft.terms[i]!.lag}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      terms: draft.terms.map((d, j) =>
                        j === i ? { ...d, lag: e.target.value } : d,
                      ),
                    })
                  }
                />
              </td>
              <td>
                <input
                  aria-label={`${methodLabel(t.method)}: processor’s fee in percent`}
                  inputMode="decimal"
                  value={draft.terms[i]!.fee}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      terms: draft.terms.map((d, j) =>
                        j === i ? { ...d, fee: e.target.value } : d,
                      ),
                    })
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => void save()}>
        Save deposit settings
      </button>
      <fieldset>
        <legend>Another bank account</legend>
        <label className="field">
          New account’s name
          <input
            value={added.name}
            onChange={(e) => setAdded({ ...added, name: e.target.value })}
          />
        </label>
        <label className="field">
          Currency
          <input
            value={added.currency}
            onChange={(e) => setAdded({ ...added, currency: e.target.value })}
          />
        </label>
        <button type="button" onClick={() => void addAccount()}>
          Add bank account
        </button>
      </fieldset>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} className={said.ok ? '' : 'error'}>
          {said.text}
        </p>
      )}
    </details>
  )
}
