import {
  currencyExponent,
  formatMinorUnits,
  toMinorUnits,
} from '../../../../src-shared/domain/money'
import type { Denomination } from '../../../day-close'

/**
 * Settings → Notes and coins as text: a field per kind, one value a line in major units with a
 * dot for decimals ("0.25"), the way Till writes amounts in files.
 */

const KIND_NAME = { note: 'Notes', coin: 'Coins' } as const

/** A kind's values of `list` as its field shows them, largest first. */
export function denominationText(
  list: readonly Denomination[],
  kind: Denomination['kind'],
  currency: string,
): string {
  const exponent = currencyExponent(currency)
  return list
    .filter((d) => d.kind === kind)
    .map((d) => formatMinorUnits(d.value, exponent))
    .join('\n')
}

export type ReadDenominations = { ok: true; list: Denomination[] } | { ok: false; message: string }

/** The notes and coins typed into the two fields, or the first value that is not an amount. */
export function readDenominationText(
  text: Record<Denomination['kind'], string>,
  currency: string,
): ReadDenominations {
  const exponent = currencyExponent(currency)
  const list: Denomination[] = []
  for (const kind of ['note', 'coin'] as const) {
    for (const value of text[kind].split(/\s+/).filter(Boolean)) {
      const decimals = /^\d+(?:\.(\d+))?$/.exec(value)
      if (!decimals)
        return {
          ok: false,
          message: `${KIND_NAME[kind]}: “${value}” is not an amount; write one a line, digits with a dot for decimals (${formatMinorUnits(25 * 10 ** Math.max(exponent - 2, 0), exponent)}).`,
        }
      if ((decimals[1]?.length ?? 0) > exponent)
        return {
          ok: false,
          message: `${KIND_NAME[kind]}: “${value}” has more decimals than ${currency} (${exponent}).`,
        }
      list.push({ value: toMinorUnits(value, exponent), kind })
    }
  }
  return { ok: true, list }
}
