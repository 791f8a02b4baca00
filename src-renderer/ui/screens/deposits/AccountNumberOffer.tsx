import type { TillDatabase } from '../../../database/database'
import { keepAccountNumber, type BankAccount } from '../../../deposits'

/** The number the first statement imported into an account without one gave. */
export interface NumberOffer {
  account: BankAccount
  number: string
}

/** The statement's account number, offered to keep as the bank account's. */
export function AccountNumberOffer({
  db,
  currency,
  offer,
  onKept,
}: {
  db: TillDatabase
  currency: string
  offer: NumberOffer
  onKept(): void
}): React.JSX.Element {
  const keep = async () => {
    await keepAccountNumber(db, currency, offer.account.id, offer.number)
    onKept()
  }
  return (
    <p>
      The statement is of account {offer.number}.{' '}
      <button type="button" onClick={() => void keep()}>
        Keep {offer.number} as {offer.account.name}’s number
      </button>{' '}
      <span className="muted">
        Then a statement of another account is refused rather than imported into it.
      </span>
    </p>
  )
}
