import { useState } from 'react'
import type { ExpectedDeposit, OfferView } from '../../../deposits'
import { formatMoney } from '../../../format/format-money'
import { depositName, differenceWords, lineWords, type Naming } from './deposit-words'
import { HandMatch, type HandChoice } from './HandMatch'

/**
 * Lines that fit more than one way: each reading with its takings in date order, its total and
 * its difference from the line, exact first; any of them may instead be matched by hand.
 */
export function OffersToConfirm({
  offers,
  open,
  naming,
  methods,
  locations,
  onConfirm,
}: {
  offers: OfferView[]
  open: ExpectedDeposit[]
  naming: Naming
  methods: readonly (readonly [string, string])[]
  locations: readonly (readonly [string, string])[]
  onConfirm(choice: HandChoice): void
}): React.JSX.Element | null {
  const [byHand, setByHand] = useState('')
  if (offers.length === 0) return null
  const money = (minor: number) => formatMoney(minor, naming.currency)
  return (
    <section aria-labelledby="offers-title" className="panel">
      <h2 id="offers-title">To decide ({offers.length})</h2>
      <p className="muted">
        These bank lines fit more than one way, so Till did not choose. Confirm the one that is
        right, or match the line by hand.
      </p>
      <ul className="deposit-list" aria-label="To decide">
        {offers.map(({ offer, lines, readings }) => (
          <li key={offer.id}>
            <strong>{lines.map(lineWords).join(' + ')}</strong>
            <p className="muted">{offer.reason}</p>
            <ul aria-label="Readings">
              {readings.map((reading) => (
                <li key={`${reading.lineIds.join('+')}/${reading.expectedIds.join('+')}`}>
                  {reading.deposits.map((d) => depositName(d, naming)).join(', ')} · total{' '}
                  {money(reading.total)} ·{' '}
                  <strong>{differenceWords(reading.difference, naming.currency)}</strong>{' '}
                  <button
                    type="button"
                    onClick={() =>
                      onConfirm({
                        bankAccountId: offer.bankAccountId,
                        bankLineIds: reading.lineIds,
                        expectedIds: reading.expectedIds,
                      })
                    }
                  >
                    Confirm this match
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" onClick={() => setByHand(byHand === offer.id ? '' : offer.id)}>
              Match by hand
            </button>
            {byHand === offer.id && (
              <HandMatch
                lines={lines}
                open={open}
                naming={naming}
                methods={methods}
                locations={locations}
                onMatch={(choice) => {
                  setByHand('')
                  onConfirm(choice)
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
