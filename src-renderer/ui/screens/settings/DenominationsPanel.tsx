import { Fragment, useEffect, useId, useState, type FormEvent } from 'react'
import { useActiveConnection } from '../../hooks/use-active-connection'
import {
  loadDenominations,
  saveShopDenominations,
  type CurrencyDenominations,
} from '../../../day-close'
import { CURRENCIES_WITH_TABLES } from '../../../day-close'
import { SaveFooter, type SaveMessage } from './SaveFooter'
import { denominationText, readDenominationText } from './denomination-form'

const SOURCE: Record<CurrencyDenominations['source'], string> = {
  shop: 'Your shop’s list.',
  till: 'Till’s list of the notes and coins in everyday use.',
  guessed:
    'Till has no list of this currency’s notes and coins: these are guessed from its decimals. Check them.',
}

/**
 * Settings → Notes and coins: the notes and coins the drawer is counted by, per currency, Till's
 * unless the shop adjusts them.
 */
export function DenominationsPanel(): React.JSX.Element | null {
  const state = useActiveConnection()
  const id = useId()
  const connection = state.status === 'ready' ? state.connection : null
  const [currency, setCurrency] = useState<string | null>(null)
  const [shown, setShown] = useState<CurrencyDenominations | null>(null)
  const [text, setText] = useState({ note: '', coin: '' })
  const [message, setMessage] = useState<SaveMessage | null>(null)
  const chosen = currency ?? connection?.profile.currency ?? 'USD'

  useEffect(() => {
    if (!connection) return
    let live = true
    void loadDenominations(connection.db, chosen).then((found) => {
      if (!live) return
      setShown(found)
      setText({
        note: denominationText(found.denominations, 'note', chosen),
        coin: denominationText(found.denominations, 'coin', chosen),
      })
    })
    return () => {
      live = false
    }
  }, [connection, chosen])

  if (!connection || !shown) return null
  const currencies = [
    ...new Set([
      ...(connection.profile.currency ? [connection.profile.currency] : []),
      ...CURRENCIES_WITH_TABLES,
      ...Intl.supportedValuesOf('currency'),
    ]),
  ]
  const save = (list: Parameters<typeof saveShopDenominations>[2], done: string): void => {
    setMessage(null)
    saveShopDenominations(connection.db, chosen, list)
      .then(() => loadDenominations(connection.db, chosen))
      .then((found) => {
        setShown(found)
        setText({
          note: denominationText(found.denominations, 'note', chosen),
          coin: denominationText(found.denominations, 'coin', chosen),
        })
        setMessage({ ok: true, text: done })
      })
      .catch((error: Error) => setMessage({ ok: false, text: error.message }))
  }
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    const read = readDenominationText(text, chosen)
    if (!read.ok) setMessage({ ok: false, text: read.message })
    else save(read.list, `Saved: ${chosen} drawers are counted by these notes and coins.`)
  }
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Notes and coins</h2>
      <p className="muted">
        The notes and coins Day close counts a drawer by. Write each value in the currency’s units,
        one a line, with a dot for decimals.
      </p>
      <form className="connection-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select
          id={`${id}-currency`}
          value={chosen}
          onChange={(e) => {
            setMessage(null)
            setCurrency(e.target.value)
          }}
        >
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <p className="muted" role="status">
          {SOURCE[shown.source]}
        </p>
        {(['note', 'coin'] as const).map((kind) => (
          <Fragment key={kind}>
            <label htmlFor={`${id}-${kind}`}>
              {kind === 'note' ? 'Notes' : 'Coins'} ({chosen})
            </label>
            <textarea
              id={`${id}-${kind}`}
              rows={6}
              value={text[kind]}
              onChange={(e) => setText({ ...text, [kind]: e.target.value })}
            />
          </Fragment>
        ))}
        {shown.source === 'shop' && (
          <button
            type="button"
            onClick={() => save(null, `${chosen} is counted by Till’s list again.`)}
          >
            Use Till’s list
          </button>
        )}
        <SaveFooter label="Save notes and coins" message={message} />
      </form>
    </section>
  )
}
