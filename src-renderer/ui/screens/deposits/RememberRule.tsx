import { useState } from 'react'
import type { BankRule } from '../../../deposits'
import { RuleFields } from './RuleFields'

/**
 * After a person confirms a match: what made it sure, proposed as a rule (a piece of the line's
 * text, the match's methods and locations) to edit and keep, or leave. A rule only narrows which
 * takings a line may pay: the amounts must still agree.
 */
export function RememberRule({
  proposal,
  methods,
  locations,
  onKeep,
  onLeave,
}: {
  proposal: BankRule
  methods: readonly (readonly [string, string])[]
  locations: readonly (readonly [string, string])[]
  onKeep(rule: BankRule): void
  onLeave(): void
}): React.JSX.Element {
  const [rule, setRule] = useState(proposal)
  return (
    <section aria-labelledby="remember-title" className="panel">
      <h2 id="remember-title">Remember what made this match sure?</h2>
      <p className="muted">
        Later lines like this one are then read only as these takings; their amounts must still
        agree.
      </p>
      <RuleFields rule={rule} methods={methods} locations={locations} onChange={setRule} />
      <button type="button" onClick={() => onKeep(rule)}>
        Remember this rule
      </button>{' '}
      <button type="button" onClick={onLeave}>
        Not now
      </button>
    </section>
  )
}
