import { useId, useState, type FormEvent } from 'react'
import type { ConnectionReport, ProfileView } from '../../../../src-shared/bridge/contract'
import { BridgeCallError } from '../../../bridge/bridge-client'
import { useBridge } from '../../hooks/bridge-context'
import { ConnectionReportView } from './ConnectionReportView'
import { numberFormatChoices, numberFormatLabel } from './number-formats'
import { amountExample, numberMarks } from '../../../format/amount-text'

interface Props {
  editing: ProfileView | null
  onSaved(profile: ProfileView): void
  onCancel(): void
}

const TIME_ZONES = Intl.supportedValuesOf('timeZone')

type Feedback =
  { kind: 'error'; message: string; details: string[] } | { kind: 'saved'; message: string } | null

function describe(error: unknown): Feedback {
  if (error instanceof BridgeCallError)
    return {
      kind: 'error',
      message: error.message,
      details: error.kind === 'validation' ? error.details : [],
    }
  return {
    kind: 'error',
    message: error instanceof Error ? error.message : String(error),
    details: [],
  }
}

/** Add or edit a connection. Secrets typed here go to main once; they are never read back. */
export function ConnectionForm({ editing, onSaved, onCancel }: Props): React.JSX.Element {
  const bridge = useBridge()
  const id = useId()
  const [name, setName] = useState(editing?.name ?? '')
  const [baseUrl, setBaseUrl] = useState(editing?.baseUrl ?? '')
  const [storeId, setStoreId] = useState(editing?.storeId ?? '')
  const [apiKey, setApiKey] = useState('')
  const [webhookSecret, setWebhookSecret] = useState('')
  const [currency, setCurrency] = useState(editing?.currency ?? '')
  const [timezone, setTimezone] = useState(editing?.timezone ?? '')
  const [numberLocale, setNumberLocale] = useState(editing?.numberLocale ?? '')
  const [busy, setBusy] = useState<'saving' | 'testing' | null>(null)
  const [feedback, setFeedback] = useState<Feedback>(null)
  const [report, setReport] = useState<ConnectionReport | null>(null)

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setBusy('saving')
    setFeedback(null)
    try {
      const saved = await bridge.call('profiles.save', {
        ...(editing ? { id: editing.id } : {}),
        name,
        baseUrl,
        storeId,
        apiKey,
        webhookSecret,
        ...(currency.trim() ? { currency } : {}),
        ...(timezone.trim() ? { timezone } : {}),
        numberLocale: numberLocale || null,
      })
      setApiKey('')
      setWebhookSecret('')
      setFeedback({
        kind: 'saved',
        message: `Saved “${saved.name}”. The key is in your system keychain.`,
      })
      onSaved(saved)
    } catch (error) {
      setFeedback(describe(error))
    } finally {
      setBusy(null)
    }
  }

  const test = async (): Promise<void> => {
    setBusy('testing')
    setFeedback(null)
    setReport(null)
    try {
      setReport(
        await bridge.call('connection.test', {
          ...(editing ? { profileId: editing.id } : {}),
          baseUrl,
          storeId,
          apiKey,
        }),
      )
    } catch (error) {
      setFeedback(describe(error))
    } finally {
      setBusy(null)
    }
  }

  const keptHint = (set: boolean, last4: string | null): string =>
    set ? `Stored (•••• ${last4 ?? ''}); leave empty to keep it` : ''

  return (
    <form
      className="connection-form"
      onSubmit={(e) => void save(e)}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`}>{editing ? `Edit “${editing.name}”` : 'Add a connection'}</h2>
      <label htmlFor={`${id}-name`}>Connection name</label>
      <input
        id={`${id}-name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="Main street shop"
        required
      />
      <label htmlFor={`${id}-url`}>Service URL</label>
      <input
        id={`${id}-url`}
        type="url"
        value={baseUrl}
        onChange={(e) => setBaseUrl(e.target.value)}
        placeholder="https://pos.example.com"
        required
      />
      <label htmlFor={`${id}-key`}>API key</label>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        placeholder={editing ? keptHint(editing.apiKey.set, editing.apiKey.last4) : ''}
      />
      <label htmlFor={`${id}-store`}>Store ID</label>
      <input
        id={`${id}-store`}
        value={storeId}
        onChange={(e) => setStoreId(e.target.value)}
        required
      />
      <label htmlFor={`${id}-whsec`}>Webhook signing secret</label>
      <input
        id={`${id}-whsec`}
        type="password"
        autoComplete="off"
        value={webhookSecret}
        onChange={(e) => setWebhookSecret(e.target.value)}
        placeholder={
          editing
            ? keptHint(editing.webhookSecret.set, editing.webhookSecret.last4)
            : 'whsec_… (optional, for live updates)'
        }
      />
      <label htmlFor={`${id}-currency`}>Currency</label>
      <input
        id={`${id}-currency`}
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
        placeholder="Detected from your bills, e.g. IDR"
        maxLength={3}
      />
      <label htmlFor={`${id}-tz`}>Time zone</label>
      <input
        id={`${id}-tz`}
        list={`${id}-zones`}
        value={timezone}
        onChange={(e) => setTimezone(e.target.value)}
        placeholder="Detected from the service, e.g. Asia/Jakarta"
      />
      <datalist id={`${id}-zones`}>
        {TIME_ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <label htmlFor={`${id}-numbers`}>Number format</label>
      <select
        id={`${id}-numbers`}
        value={numberLocale}
        onChange={(e) => setNumberLocale(e.target.value)}
        aria-describedby={`${id}-numbers-hint`}
      >
        <option value="">This PC’s ({numberFormatLabel(navigator.language)})</option>
        {numberFormatChoices(editing?.numberLocale ?? null).map((locale) => (
          <option key={locale} value={locale}>
            {numberFormatLabel(locale)}
          </option>
        ))}
      </select>
      <span id={`${id}-numbers-hint`} className="muted hint">
        Amount fields take and show amounts like{' '}
        {amountExample(numberMarks(numberLocale || navigator.language))}.
      </span>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy !== null}>
          {busy === 'saving' ? 'Saving…' : 'Save connection'}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void test()}>
          {busy === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        {editing && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {feedback?.kind === 'saved' && <p className="ok">{feedback.message}</p>}
        {feedback?.kind === 'error' && (
          <div className="error">
            <p>{feedback.message}</p>
            {feedback.details.length > 0 && (
              <ul>
                {feedback.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {report && <ConnectionReportView report={report} />}
      </div>
    </form>
  )
}
