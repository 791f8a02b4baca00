import { amountExample, numberMarks } from '../../../format/amount-text'
import { numberFormatChoices, numberFormatLabel } from './number-formats'

const TIME_ZONES = Intl.supportedValuesOf('timeZone')

/** How the shop's figures read, as typed in the connection form. */
export interface ShopFormat {
  currency: string
  timezone: string
  /** '' for this PC's own number format. */
  numberLocale: string
}

/**
 * The shop's currency and time zone (blank: detected from the bills and the service) and the
 * number format amount fields take and show.
 */
export function ShopFormatFields({
  id,
  format,
  keptLocale,
  onChange,
}: {
  id: string
  format: ShopFormat
  /** The number format the connection has saved, offered even when not among the usual ones. */
  keptLocale: string | null
  onChange: (change: Partial<ShopFormat>) => void
}): React.JSX.Element {
  const { currency, timezone, numberLocale } = format
  return (
    <>
      <label htmlFor={`${id}-currency`}>Currency</label>
      <input
        id={`${id}-currency`}
        value={currency}
        onChange={(e) => onChange({ currency: e.target.value })}
        placeholder="Detected from your bills, e.g. IDR"
        maxLength={3}
      />
      <label htmlFor={`${id}-tz`}>Time zone</label>
      <input
        id={`${id}-tz`}
        list={`${id}-zones`}
        value={timezone}
        onChange={(e) => onChange({ timezone: e.target.value })}
        placeholder="Detected from the service, e.g. Asia/Jakarta"
      />
      <datalist id={`${id}-zones`}>
        {TIME_ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <label htmlFor={`${id}-numbers`}>Number format</label>
      <select
        id={`${id}-numbers`}
        value={numberLocale}
        onChange={(e) => onChange({ numberLocale: e.target.value })}
        aria-describedby={`${id}-numbers-hint`}
      >
        <option value="">This PC’s ({numberFormatLabel(navigator.language)})</option>
        {numberFormatChoices(keptLocale).map((locale) => (
          <option key={locale} value={locale}>
            {numberFormatLabel(locale)}
          </option>
        ))}
      </select>
      <span id={`${id}-numbers-hint`} className="muted hint">
        Amount fields take and show amounts like{' '}
        {amountExample(numberMarks(numberLocale || navigator.language))}.
      </span>
    </>
  )
}
