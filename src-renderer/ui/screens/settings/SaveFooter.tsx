/** What the last save of a settings form said. */
export interface SaveMessage {
  ok: boolean
  text: string
}

/**
 * A settings form's footer, the same in every panel: its submit button, then what the last save
 * said (read out as it changes; a refusal as an alert).
 */
export function SaveFooter({
  label,
  disabled,
  message,
}: {
  label: string
  disabled?: boolean
  message: SaveMessage | null
}): React.JSX.Element {
  return (
    <>
      <div className="actions">
        <button type="submit" disabled={disabled}>
          {label}
        </button>
      </div>
      <div role="status">{message?.ok && <p className="ok">{message.text}</p>}</div>
      {message && !message.ok && (
        <p role="alert" className="error">
          {message.text}
        </p>
      )}
    </>
  )
}
