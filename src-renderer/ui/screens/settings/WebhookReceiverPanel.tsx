import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import {
  RECEIVER_HOSTS,
  type WebhookReceiverSettings,
  type WebhookReceiverStatus,
} from '../../../../src-shared/bridge/contract'
import { BridgeCallError } from '../../../bridge/bridge-client'
import { useBridge } from '../../hooks/bridge-context'
import { useFormatMoment } from '../../hooks/use-active-connection'
import { SaveFooter } from './SaveFooter'

const REFRESH_MS = 5_000

/** Where the service sends live updates, whether Till is listening, and what it has received. */
export function WebhookReceiverPanel(): React.JSX.Element {
  const bridge = useBridge()
  const moment = useFormatMoment()
  const id = useId()
  const [status, setStatus] = useState<WebhookReceiverStatus | null>(null)
  const [form, setForm] = useState<{
    host: WebhookReceiverSettings['host']
    port: string
    path: string
  } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const refresh = useCallback(() => {
    bridge.call('webhooks.status').then(setStatus, (error: Error) => setProblem(error.message))
  }, [bridge])

  useEffect(() => {
    refresh()
    const timer = setInterval(refresh, REFRESH_MS)
    const stop = bridge.on('webhooks.queued', refresh)
    return () => {
      clearInterval(timer)
      stop()
    }
  }, [bridge, refresh])

  const settings =
    form ??
    (status
      ? {
          host: status.settings.host,
          port: String(status.settings.port),
          path: status.settings.path,
        }
      : null)

  const save = (event: FormEvent): void => {
    event.preventDefault()
    if (!settings) return
    setProblem(null)
    bridge
      .call('webhooks.configure', {
        host: settings.host,
        port: Number(settings.port),
        path: settings.path,
      })
      .then((next) => {
        setStatus(next)
        setForm(null)
      })
      .catch((error: unknown) => {
        setProblem(
          error instanceof BridgeCallError && error.details.length
            ? `${error.message} ${error.details.join('; ')}`
            : String((error as Error).message),
        )
      })
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Live updates (webhooks)</h2>
      {!status && !problem && <p role="status">Checking the webhook receiver…</p>}
      {status && (
        <dl className="profile-facts" aria-label="Webhook receiver status">
          <dt>Status</dt>
          <dd>{status.listening ? 'Listening' : 'Not listening'}</dd>
          {status.problem && (
            <>
              <dt>Problem</dt>
              <dd role="alert">{status.problem}</dd>
            </>
          )}
          <dt>Address for the service</dt>
          <dd>{status.url ?? '—'}</dd>
          <dt>Last event</dt>
          <dd>{status.lastEventAt ? moment(status.lastEventAt) : 'None yet'}</dd>
          <dt>Accepted / rejected / duplicates</dt>
          <dd>
            {status.accepted} / {status.rejected} / {status.duplicates}
          </dd>
          <dt>Waiting to be applied</dt>
          <dd>{status.pending}</dd>
        </dl>
      )}
      {settings && (
        <form className="connection-form" onSubmit={save} aria-label="Webhook receiver settings">
          <label htmlFor={`${id}-host`}>Listen address</label>
          <select
            id={`${id}-host`}
            value={settings.host}
            onChange={(e) =>
              setForm({ ...settings, host: e.target.value as WebhookReceiverSettings['host'] })
            }
          >
            {RECEIVER_HOSTS.map((host) => (
              <option key={host} value={host}>
                {host} (this PC only)
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-port`}>Port</label>
          <input
            id={`${id}-port`}
            inputMode="numeric"
            value={settings.port}
            onChange={(e) => setForm({ ...settings, port: e.target.value })}
          />
          <label htmlFor={`${id}-path`}>Path</label>
          <input
            id={`${id}-path`}
            value={settings.path}
            onChange={(e) => setForm({ ...settings, path: e.target.value })}
          />
          <SaveFooter label="Apply receiver settings" disabled={form === null} message={null} />
        </form>
      )}
      <p className="muted">
        Give the service this address on the app’s Webhooks tab. Till listens on this PC only: for
        the service to reach it, run a tunnel on this PC to this address. Live updates speed Till
        up; the sweep every 15 minutes catches anything missed.
      </p>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </section>
  )
}
