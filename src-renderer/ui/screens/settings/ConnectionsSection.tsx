import { useEffect, useState } from 'react'
import type { ChannelOutput, ProfileView } from '../../../../src-shared/bridge/contract'
import { useBridge } from '../../hooks/bridge-context'
import { ConnectionForm } from './ConnectionForm'
import { ProfileList } from './ProfileList'
import { useProfiles } from './use-profiles'

function DemoChoice({
  demo,
}: {
  demo: ChannelOutput<'app.info'>['demo'] | null
}): React.JSX.Element {
  const bridge = useBridge()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const startDemo = (): void => {
    setBusy(true)
    setProblem(null)
    bridge
      .call('demo.start')
      .catch((error: Error) => setProblem(error.message))
      .finally(() => setBusy(false))
  }
  return (
    <section aria-labelledby="demo-title" className="panel">
      <h2 id="demo-title">Demo shop</h2>
      <p className="muted">
        Try Till on a simulated shop with two months of history that keeps trading, without a real
        store.
      </p>
      <button
        type="button"
        disabled={!demo?.available || busy}
        aria-describedby="demo-reason"
        onClick={startDemo}
      >
        {busy ? 'Starting the demo shop…' : 'Use demo service'}
      </button>
      {demo?.running && (
        <p className="muted">The demo shop is running on this PC and trading live.</p>
      )}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      {demo?.reason && (
        <p id="demo-reason" className="muted">
          {demo.reason}
        </p>
      )}
    </section>
  )
}

/** Connections: the list, the form to add or edit one, and the demo shop. */
export function ConnectionsSection(): React.JSX.Element {
  const bridge = useBridge()
  const [state, refresh] = useProfiles()
  const [editing, setEditing] = useState<ProfileView | null>(null)
  const [formKey, setFormKey] = useState(0)
  const [info, setInfo] = useState<ChannelOutput<'app.info'> | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)

  useEffect(() => {
    bridge.call('app.info').then(setInfo, () => setInfo(null))
  }, [bridge])

  const act = (work: Promise<unknown>): void => {
    setActionError(null)
    work.then(refresh, (error: Error) => setActionError(error.message))
  }

  const startEditing = (profile: ProfileView | null): void => {
    setEditing(profile)
    setFormKey((k) => k + 1)
  }

  return (
    <>
      {state.status === 'loading' && <p role="status">Loading connections…</p>}
      {state.status === 'error' && (
        <p role="alert" className="error">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && !state.data.keychain.available && (
        <div role="alert" className="error keychain-problem">
          <p>
            <strong>Till can’t use the system keychain.</strong>
          </p>
          <p>{state.data.keychain.problem}</p>
          <p>
            Your own connections need a keyring: Till keeps their keys nowhere else. The demo shop
            runs without one, its key made for this launch and held in memory only.
          </p>
        </div>
      )}
      {state.status === 'ready' && state.data.profiles.length === 0 && (
        <p className="notice">
          No connection yet. Add your store’s connection below
          {info?.demo.available ? ', or use the demo shop' : ''}.
        </p>
      )}
      {actionError && (
        <p role="alert" className="error">
          {actionError}
        </p>
      )}
      <section aria-labelledby="connections-title" className="panel">
        <h2 id="connections-title">Connections</h2>
        {state.status === 'ready' && (
          <ProfileList
            profiles={state.data.profiles}
            editingId={editing?.id ?? null}
            onEdit={startEditing}
            onActivate={(p) => act(bridge.call('profiles.activate', { id: p.id }))}
            onDelete={(p) => {
              if (
                !window.confirm(`Delete the connection “${p.name}” and its keys from the keychain?`)
              )
                return
              if (editing?.id === p.id) startEditing(null)
              act(bridge.call('profiles.delete', { id: p.id }))
            }}
          />
        )}
      </section>
      <section className="panel">
        <ConnectionForm
          key={formKey}
          editing={editing}
          onSaved={(saved) => {
            refresh()
            setEditing(saved)
          }}
          onCancel={() => startEditing(null)}
        />
      </section>
      <DemoChoice demo={info?.demo ?? null} />
    </>
  )
}
