import type { ProfileView, SecretStatus } from '../../../../src-shared/bridge/contract'
import { numberFormatLabel } from './number-formats'

function secretLabel(status: SecretStatus): string {
  return status.set ? `•••• ${status.last4 ?? ''}` : 'not set'
}

interface Props {
  profiles: ProfileView[]
  editingId: string | null
  onEdit(profile: ProfileView): void
  onActivate(profile: ProfileView): void
  onDelete(profile: ProfileView): void
}

export function ProfileList({
  profiles,
  editingId,
  onEdit,
  onActivate,
  onDelete,
}: Props): React.JSX.Element {
  if (profiles.length === 0) {
    return <p className="muted">No connections yet. Add one below, or use the demo service.</p>
  }
  return (
    <ul className="profile-list" aria-label="Connections">
      {profiles.map((profile) => (
        <li
          key={profile.id}
          className={profile.id === editingId ? 'profile editing' : 'profile'}
          aria-label={profile.name}
        >
          <div className="profile-head">
            <strong>{profile.name}</strong>
            {profile.active && <span className="badge">Active</span>}
            {profile.kind === 'demo' && <span className="badge">Demo</span>}
            {profile.deactivatedAt && <span className="badge warning">Uninstalled</span>}
          </div>
          <dl className="profile-facts">
            <dt>Service URL</dt>
            <dd>{profile.baseUrl}</dd>
            <dt>Store ID</dt>
            <dd>{profile.storeId}</dd>
            <dt>API key</dt>
            <dd data-testid="api-key-status">{secretLabel(profile.apiKey)}</dd>
            <dt>Webhook signing secret</dt>
            <dd>{secretLabel(profile.webhookSecret)}</dd>
            <dt>Number format</dt>
            <dd>
              {profile.numberLocale
                ? numberFormatLabel(profile.numberLocale)
                : `This PC’s (${numberFormatLabel(navigator.language)})`}
            </dd>
          </dl>
          <div className="actions">
            {!profile.active && (
              <button type="button" onClick={() => onActivate(profile)}>
                Make active
              </button>
            )}
            <button type="button" onClick={() => onEdit(profile)}>
              Edit
            </button>
            <button type="button" className="danger" onClick={() => onDelete(profile)}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  )
}
