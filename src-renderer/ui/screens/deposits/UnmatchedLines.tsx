import { useState } from 'react'
import type { ExpectedDeposit, LeftoverView } from '../../../deposits'
import { leftoverWords, lineWords, type Naming } from './deposit-words'
import { HandMatch, type HandChoice } from './HandMatch'

/** Money in that nothing explains, each with why, each matched by hand to takings still waiting. */
export function UnmatchedLines({
  lines,
  open,
  naming,
  methods,
  locations,
  onMatch,
}: {
  lines: LeftoverView[]
  open: ExpectedDeposit[]
  naming: Naming
  methods: readonly (readonly [string, string])[]
  locations: readonly (readonly [string, string])[]
  onMatch(choice: HandChoice): void
}): React.JSX.Element {
  const [picked, setPicked] = useState('')
  const key = (l: LeftoverView['line']) => `${l.bankAccountId}/${l.id}`
  return (
    <section aria-labelledby="unmatched-title" className="panel">
      <h2 id="unmatched-title">Bank lines not matched ({lines.length})</h2>
      {lines.length === 0 ? (
        <p className="empty-state">Every amount paid in is matched or waiting for your decision.</p>
      ) : (
        <ul className="deposit-list" aria-label="Bank lines not matched">
          {lines.map(({ line, reason }) => (
            <li key={key(line)}>
              {lineWords(line)}{' '}
              <button
                type="button"
                onClick={() => setPicked(picked === key(line) ? '' : key(line))}
              >
                Match by hand
              </button>
              <p className="muted leftover-reason">{leftoverWords(reason, naming)}</p>
              {picked === key(line) && (
                <HandMatch
                  lines={[line]}
                  open={open}
                  naming={naming}
                  methods={methods}
                  locations={locations}
                  onMatch={(choice) => {
                    setPicked('')
                    onMatch(choice)
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
