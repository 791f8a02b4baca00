import { useId, useState, type FormEvent } from 'react'
import type { ConnectionReport, ProfileView } from '../../../../src-shared/bridge/contract'
import { useBridge } from '../../hooks/bridge-context'
import { ConnectionFeedback, describe, type Feedback } from './ConnectionFeedback'
import { SecretField } from './SecretField'
import { ShopFormatFields, type ShopFormat } from './ShopFormatFields'

interface Props {
  editing: ProfileView | null
  onSaved(profile: ProfileView): void
  onCancel(): void
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
  const [format, setFormat] = useState<ShopFormat>({
    currency: editing?.currency ?? '',
    timezone: editing?.timezone ?? '',
    numberLocale: editing?.numberLocale ?? '',
  })
  const { currency, timezone, numberLocale } = format
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
      <SecretField
        id={`${id}-key`}
        label="API key"
        value={apiKey}
        stored={editing?.apiKey}
        onChange={setApiKey}
      />
      <label htmlFor={`${id}-store`}>Store ID</label>
      <input
        id={`${id}-store`}
        value={storeId}
        onChange={(e) => setStoreId(e.target.value)}
        required
      />
      <SecretField
        id={`${id}-whsec`}
        label="Webhook signing secret"
        value={webhookSecret}
        stored={editing?.webhookSecret}
        newHint="whsec_… (optional, for live updates)"
        onChange={setWebhookSecret}
      />
      <ShopFormatFields
        id={id}
        format={format}
        keptLocale={editing?.numberLocale ?? null}
        onChange={(change) => setFormat({ ...format, ...change })}
      />
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
      <ConnectionFeedback feedback={feedback} report={report} />
    </form>
  )
}
