/**
 * A secret typed for main to keep (an API key, a signing secret): never shown again, so a stored
 * one is hinted at by its last four characters, and left empty it is kept.
 */
export function SecretField({
  id,
  label,
  value,
  stored,
  newHint = '',
  onChange,
}: {
  id: string
  label: string
  value: string
  /** The secret the connection has stored; none when adding a connection. */
  stored: { set: boolean; last4: string | null } | undefined
  /** The placeholder when adding a connection. */
  newHint?: string
  onChange: (value: string) => void
}): React.JSX.Element {
  const hint = !stored
    ? newHint
    : stored.set
      ? `Stored (•••• ${stored.last4 ?? ''}); leave empty to keep it`
      : ''
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={hint}
      />
    </>
  )
}
