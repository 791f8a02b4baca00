import { useEffect, useId, useState, type FormEvent } from 'react'
import type { SharedBooksSettingsView } from '../../../../src-shared/bridge/contract'
import { useActiveConnection } from '../../hooks/use-active-connection'
import { useBridge } from '../../hooks/bridge-context'
import { SharedConflictsList } from './SharedConflictsList'
import { PcNameForm } from './PcNameForm'
import { SharedHistory } from './SharedHistory'
import { joinedWords } from '../../../shared-books'

const SHARED_WHAT =
  'destinations, account mappings and kept sub-account codes, location names, drawer counts with their trail, cash movements, and the export log'

const NOT_SHARED =
  'bills, payments and expenses (every PC syncs them from the POS service), connections and their keys, count drafts, and this PC’s settings'

type Feedback = { ok: boolean; text: string }

/** What shared books are, and what they share. */
function WhatIsShared() {
  return (
    <>
      <p className="muted">
        Several back-office PCs of one shop can share Till’s own records through a PostgreSQL
        database (13 or later) the shop or its IT provider runs. Without it, this PC keeps them
        alone, as before.
      </p>
      <ul>
        <li>Shared: {SHARED_WHAT}.</li>
        <li>Not shared: {NOT_SHARED}.</li>
      </ul>
    </>
  )
}

/** What an action is doing, then what it did. */
function ActionStatus({ busy, feedback }: { busy: string | null; feedback: Feedback | null }) {
  return (
    <div role="status" aria-live="polite">
      {busy !== null && <p>{busy}</p>}
      {feedback && (
        <p className={feedback.ok ? 'ok' : 'error'} role={feedback.ok ? undefined : 'alert'}>
          {feedback.text}
        </p>
      )}
    </div>
  )
}

/**
 * Settings → Shared books (docs/shared-books.md): the PostgreSQL database several back-office
 * PCs of one shop share Till's own records through. The address and the password go to main (the
 * password to the keychain, sent to that host only); Join applies the join rule; Leave forgets the
 * address and keeps the records on this PC.
 */
export function SharedBooksPanel(): React.JSX.Element | null {
  const bridge = useBridge()
  const state = useActiveConnection()
  const connection = state.status === 'ready' ? state.connection : null
  const id = useId()
  const [view, setView] = useState<SharedBooksSettingsView | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [url, setUrl] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [feedback, setFeedback] = useState<Feedback | null>(null)

  useEffect(() => {
    if (!connection) return
    bridge.call('sharedBooks.settings.get', { profileId: connection.profile.id }).then(
      (loaded) => {
        setView(loaded)
        // An address typed before the settings arrived stands.
        setUrl((typed) => typed || (loaded.url ?? ''))
      },
      (error: Error) => setLoadError(error.message),
    )
  }, [bridge, connection])

  if (!connection) return null
  const profileId = connection.profile.id
  const link = connection.sharedBooks

  const act = (label: string, work: () => Promise<string>): void => {
    setBusy(label)
    setFeedback(null)
    work()
      .then(
        (text) => setFeedback({ ok: true, text }),
        (error: Error) => setFeedback({ ok: false, text: error.message }),
      )
      .finally(() => setBusy(null))
  }
  const entered = () => ({ profileId, url, ...(password ? { password } : {}) })

  const save = (event: FormEvent): void => {
    event.preventDefault()
    act('Saving…', async () => {
      setView(await bridge.call('sharedBooks.settings.save', entered()))
      setPassword('')
      return 'Saved. Join to share this PC’s records.'
    })
  }
  const test = (): void =>
    act('Testing…', async () => {
      const report = await bridge.call('sharedBooks.test', entered())
      if (!report.ok) throw new Error(report.message)
      return report.message
    })
  const join = (): void =>
    act('Joining…', async () => {
      const joined = await link.join(({ sent, parts }) =>
        setBusy(`Joining… sent part ${sent} of ${parts} of this PC’s export log`),
      )
      setView(await bridge.call('sharedBooks.settings.get', { profileId }))
      return joinedWords(joined)
    })
  const rename = (name: string): void =>
    act('Renaming…', async () => {
      await link.rename(name)
      setView(await bridge.call('sharedBooks.settings.get', { profileId }))
      return `This PC is now called ${name}; changes made before keep the name they were made under.`
    })
  const leave = (): void =>
    act('Leaving…', async () => {
      await link.leave()
      setView(await bridge.call('sharedBooks.settings.get', { profileId }))
      setUrl('')
      return 'Left the shared books. Till’s records stay on this PC as its own.'
    })

  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Shared books</h2>
      <WhatIsShared />
      {loadError !== null && (
        <p className="error" role="alert">
          Till could not read the shared books settings: {loadError}
        </p>
      )}
      {view?.joined && (
        <p className="ok" role="status">
          This PC shares its records as {view.pcName}, store {view.storeId}.
        </p>
      )}
      <form onSubmit={save} noValidate className="stacked-form">
        <label htmlFor={`${id}-url`}>Database address</label>
        <input
          id={`${id}-url`}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="postgres://till@db.example.com:5432/till"
          aria-describedby={`${id}-url-hint`}
          disabled={view?.joined}
        />
        <span id={`${id}-url-hint`} className="muted hint">
          A host other than this PC is reached over TLS only, its certificate checked.
        </span>
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={view?.hasPassword ? 'Kept in the keychain' : ''}
          disabled={view?.joined}
        />
        <div className="actions">
          {!view?.joined && (
            <>
              <button type="submit" className="primary" disabled={busy !== null}>
                Save
              </button>
              <button type="button" disabled={busy !== null || url === ''} onClick={test}>
                Test
              </button>
              <button type="button" disabled={busy !== null || !view?.url} onClick={join}>
                Join
              </button>
            </>
          )}
          {view?.joined && (
            <button type="button" disabled={busy !== null} onClick={leave}>
              Leave
            </button>
          )}
        </div>
      </form>
      {view?.url && (
        <PcNameForm
          key={view.pcName}
          current={view.pcName}
          disabled={busy !== null}
          onRename={rename}
        />
      )}
      <ActionStatus busy={busy} feedback={feedback} />
      <SharedConflictsList db={connection.db} />
      {view?.joined && view.storeId && (
        <SharedHistory connection={connection} storeId={view.storeId} />
      )}
    </section>
  )
}
