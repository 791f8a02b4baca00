import { describe, expect, it } from 'vitest'
import { defaultDenominations } from '../../../../../src-renderer/day-close/rules/denominations'
import {
  denominationText,
  readDenominationText,
} from '../../../../../src-renderer/ui/screens/settings/denomination-form'

describe('Settings → Notes and coins as text', () => {
  it.each(['IDR', 'USD', 'KWD', 'VND', 'CLF'])(
    'shows %s’s list in its units and reads the same list back',
    (currency) => {
      const { denominations } = defaultDenominations(currency)
      const text = {
        note: denominationText(denominations, 'note', currency),
        coin: denominationText(denominations, 'coin', currency),
      }
      expect(readDenominationText(text, currency)).toEqual({ ok: true, list: denominations })
    },
  )

  it('writes major units with the currency’s decimals, one a line', () => {
    const kwd = defaultDenominations('KWD').denominations
    expect(denominationText(kwd, 'note', 'KWD').split('\n').slice(-2)).toEqual(['0.500', '0.250'])
    expect(readDenominationText({ note: ' 20\n\n0.25 ', coin: '0.005' }, 'KWD')).toEqual({
      ok: true,
      list: [
        { value: 20_000, kind: 'note' },
        { value: 250, kind: 'note' },
        { value: 5, kind: 'coin' },
      ],
    })
  })

  it('refuses a value that is not an amount of the currency, naming the field', () => {
    expect(readDenominationText({ note: '100\n2,5', coin: '' }, 'USD')).toEqual({
      ok: false,
      message:
        'Notes: “2,5” is not an amount; write one a line, digits with a dot for decimals (0.25).',
    })
    expect(readDenominationText({ note: '', coin: '-1' }, 'USD')).toMatchObject({ ok: false })
    expect(readDenominationText({ note: '', coin: '0.5' }, 'JPY')).toEqual({
      ok: false,
      message: 'Coins: “0.5” has more decimals than JPY (0).',
    })
  })
})
