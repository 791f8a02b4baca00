/** Lines to sign on paper: the count is a handover between people. */
export function SignatureLines({ withCount }: { withCount: boolean }): React.JSX.Element {
  const lines = [...(withCount ? ['Counted cash', 'Variance'] : []), 'Counted by', 'Checked by']
  return (
    <div className="signature print-only" aria-hidden="true">
      {lines.map((label) => (
        <div key={label} className="sign-line">
          {label}
        </div>
      ))}
    </div>
  )
}
