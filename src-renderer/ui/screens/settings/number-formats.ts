import { amountExample, numberMarks } from '../../../format/amount-text'

/** Locales offered for a shop's number format: one or more for every way of writing 1234567.89. */
const OFFERED = [
  'en-US',
  'en-GB',
  'id-ID',
  'ms-MY',
  'de-DE',
  'de-CH',
  'fr-FR',
  'fr-CH',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'pl-PL',
  'sv-SE',
  'ar-KW',
  'ja-JP',
  'zh-CN',
  'th-TH',
  'vi-VN',
]

/** "Indonesian (Indonesia): 1.234.567,89" */
export function numberFormatLabel(locale: string): string {
  let name: string | undefined
  try {
    name = new Intl.DisplayNames(undefined, { type: 'language' }).of(locale)
  } catch {
    // A tag Intl cannot name is shown as it is.
  }
  return `${name ?? locale}: ${amountExample(numberMarks(locale))}`
}

/** What a shop's number format can be set to: the offered locales, this PC's and the one chosen. */
export function numberFormatChoices(chosen: string | null): string[] {
  const pc = navigator.language
  return [...new Set([...(chosen ? [chosen] : []), pc, ...OFFERED])]
}
