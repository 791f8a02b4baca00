import { currencyExponent } from '../../src-shared/domain/money'

/**
 * Amounts as a person types or pastes them, in the shop's number locale: one parser and one
 * formatter for every money field. Parsing never throws; what it refuses comes back as a message
 * to show beside the field.
 */

/** How the shop's locale writes 1234567.89: its decimal mark and its thousands mark. */
export interface NumberMarks {
  /** The locale they are of (a BCP 47 tag), which also names the currency's local symbol. */
  locale: string
  decimal: '.' | ','
  /** ',', '.', "'", '’' or a space (plain, no-break or narrow no-break). */
  group: string
}

export type AmountParse = { ok: true; minor: number } | { ok: false; message: string }

/** The largest amount a field takes, in major units: more is a slip of the finger, not a count. */
const MAX_MAJOR_UNITS = 999_999_999_999
const MAX_WHOLE_DIGITS = String(MAX_MAJOR_UNITS).length

/** The marks of a locale such as "id-ID", in Latin digits; English ones for a tag Intl refuses. */
export function numberMarks(locale: string): NumberMarks {
  try {
    const format = new Intl.NumberFormat(locale, { numberingSystem: 'latn' })
    const parts = format.formatToParts(1234567.5)
    const decimal = parts.find((p) => p.type === 'decimal')?.value
    const group = parts.find((p) => p.type === 'group')?.value
    if ((decimal === '.' || decimal === ',') && group && plainMark(group) !== decimal)
      return { locale: format.resolvedOptions().locale, decimal, group }
  } catch {
    // An unknown tag falls back rather than failing every amount field.
  }
  return { locale: 'en', decimal: '.', group: ',' }
}

/** 1234567.89 in these marks ("1.234.567,89"), to show a person what a locale means. */
export function amountExample(marks: NumberMarks): string {
  return groupedAmount(123_456_789, 2, marks)
}

const SPACES = /[\s\u00a0\u2007\u2009\u202f]/g
const APOSTROPHES = /[’ʼ]/g
/** Arabic-Indic and Persian digits, as a keyboard in those scripts types them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g

/** A mark as compared: every space one space, every apostrophe one apostrophe. */
function plainMark(mark: string): string {
  return mark.replace(SPACES, ' ').replace(APOSTROPHES, "'")
}

/** Fullwidth forms, Eastern digits, spaces, apostrophes and the minus sign made plain; bidi marks gone. */
function normalized(text: string): string {
  return plainMark(
    text
      .normalize('NFKC')
      .replace(/[\u200e\u200f\u061c]/g, '')
      .replace(EASTERN_DIGITS, (d) => String((d.codePointAt(0)! - 0x0660) % 0x90))
      .replace(/\u2212/g, '-'),
  ).trim()
}

/** Signs in everyday use that Intl does not give (the Kuwaiti dinar is "KD" in English). */
const EXTRA_SIGNS: Record<string, readonly string[]> = { KWD: ['KD'] }
const signCache = new Map<string, readonly string[]>()

/**
 * What can stand for the currency beside an amount, longest first: its code, and its symbols as
 * Intl writes them in the shop's locale, in English, in Canadian English (where a dollar names
 * its country: "US$") and in the currency's home country ("Rp", "$", "€", "¥", "د.ك.").
 */
function currencySigns(currency: string, locale: string): readonly string[] {
  const key = `${currency} ${locale}`
  const cached = signCache.get(key)
  if (cached) return cached
  const found = new Set([currency, ...(EXTRA_SIGNS[currency] ?? [])])
  const home = new Intl.Locale('und', { region: currency.slice(0, 2) }).maximize().toString()
  for (const where of [locale, 'en', 'en-CA', home])
    for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
      try {
        const sign = new Intl.NumberFormat(where, { style: 'currency', currency, currencyDisplay })
          .formatToParts(1)
          .find((p) => p.type === 'currency')?.value
        if (sign) found.add(normalized(sign))
      } catch {
        // No data for that locale: the other sources still count.
      }
    }
  const signs = [...found].filter(Boolean).sort((a, b) => b.length - a.length)
  signCache.set(key, signs)
  return signs
}

let currencyCodes: ReadonlySet<string> | null = null

/** The three-letter code of another currency the text names, if it names one. */
function otherCurrencyIn(text: string, currency: string): string | null {
  currencyCodes ??= new Set(Intl.supportedValuesOf('currency'))
  const code = /(?<![A-Za-z])[A-Za-z]{3}(?![A-Za-z])/.exec(text)?.[0]?.toUpperCase()
  return code && code !== currency && currencyCodes.has(code) ? code : null
}

const lower = (text: string): string => text.toLocaleLowerCase('en')

/**
 * The text without the currency's sign or code before or after it (and the dot some write after
 * a lettered sign: "Rp. 5.000"), the minus kept in front; null if anything but digits, marks
 * and spaces remains.
 */
function withoutCurrency(text: string, currency: string, locale: string): string | null {
  const minus = text.startsWith('-') ? '-' : ''
  let body = text.slice(minus.length).trim()
  for (const sign of currencySigns(currency, locale)) {
    if (lower(body).startsWith(lower(sign))) {
      body = body.slice(sign.length)
      if (/\p{L}$/u.test(sign)) body = body.replace(/^\./, '')
      break
    }
    if (lower(body).endsWith(lower(sign))) {
      body = body.slice(0, -sign.length)
      break
    }
  }
  body = `${minus}${body.trim()}`
  return /^-?[\d.,' ]*$/.test(body) ? body : null
}

/** A mark written out for a message: "a comma", "a dot", … */
function markName(mark: string): string {
  const plain = plainMark(mark)
  if (plain === ',') return 'a comma'
  if (plain === '.') return 'a dot'
  if (plain === "'") return 'an apostrophe'
  return 'a space'
}

const escaped = (text: string): string => text.replace(/[\\\]^-]/g, '\\$&')
const patterns = new Map<string, RegExp>()
/** A pattern built from marks, compiled once. */
function pattern(source: string): RegExp {
  let compiled = patterns.get(source)
  if (!compiled) patterns.set(source, (compiled = new RegExp(source)))
  return compiled
}

/** Digits grouped in threes by any of these marks: "1.234.567", "1 234". */
function groupedBy(marks: string, text: string): boolean {
  return pattern(`^\\d{1,3}(?:[${escaped(marks)}]\\d{3})+$`).test(text)
}

/**
 * The digits of a whole part as written: plain, or grouped in threes by the locale's mark or by
 * spaces. A currency without decimals also takes a dot or a comma as the grouping ("300.000" and
 * "300,000" both mean three hundred thousand), one kind per amount. Null for anything else.
 */
function wholeDigits(whole: string, exponent: number, marks: NumberMarks): string | null {
  if (/^\d+$/.test(whole)) return whole
  if (groupedBy(`${plainMark(marks.group)} `, whole)) return whole.replace(/\D/g, '')
  if (exponent === 0 && (groupedBy('.', whole) || groupedBy(',', whole)))
    return whole.replace(/\D/g, '')
  return null
}

/** What an amount field accepts, in words, with an example in the shop's marks. */
export function amountTextHint(currency: string, marks: NumberMarks): string {
  const exponent = currencyExponent(currency)
  const example = groupedAmount(1_234_500 * 10 ** exponent, exponent, marks)
  if (exponent === 0) return `Whole amounts, e.g. ${example} or ${example.replace(/\D/g, '')}.`
  return `Amounts with ${markName(marks.decimal)} before the ${exponent} decimals, e.g. ${example}.`
}

/**
 * Reads an amount as typed or pasted ("Rp 3.276.300", "IDR 3,276,300", "1.234,56 €", "KD 1.250")
 * into minor units of the currency. The currency's sign or code may stand before or after it;
 * spaces of any kind are ignored or group thousands. The locale's decimal mark is the only decimal
 * mark: text the locale would not write (a dot among the decimals in a comma locale, groups not of
 * three) is refused with what was expected, never guessed. Never throws.
 */
export function parseAmountText(
  text: string,
  currency: string,
  marks: NumberMarks,
  { allowNegative = false } = {},
): AmountParse {
  const refuse = (message: string): AmountParse => ({ ok: false, message })
  let exponent: number
  try {
    exponent = currencyExponent(currency)
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error))
  }
  const plain = normalized(text)
  const body = withoutCurrency(plain, currency, marks.locale)
  if (body === null) {
    const other = otherCurrencyIn(plain, currency)
    return refuse(
      other
        ? `This is an amount in ${other}; the shop counts in ${currency}.`
        : `Not an amount. ${amountTextHint(currency, marks)}`,
    )
  }
  const negative = body.startsWith('-')
  if (negative && !allowNegative) return refuse('Enter the amount without a minus sign.')
  const magnitude = (negative ? body.slice(1) : body).trim()
  if (!/\d/.test(magnitude)) return refuse(`Not an amount. ${amountTextHint(currency, marks)}`)

  let whole = wholeDigits(magnitude, exponent, marks)
  let fraction = ''
  if (whole === null) {
    const at = magnitude.lastIndexOf(marks.decimal)
    fraction = at < 0 ? '' : magnitude.slice(at + 1).trim()
    whole = at < 0 ? null : wholeDigits(magnitude.slice(0, at).trim() || '0', exponent, marks)
  }
  if (whole === null || !/^\d*$/.test(fraction))
    return refuse(
      `Not an amount as this shop writes them: ${markName(marks.group)} groups thousands${
        exponent === 0 ? '' : ` and ${markName(marks.decimal)} comes before the decimals`
      }, e.g. ${groupedAmount(1_234_500 * 10 ** exponent, exponent, marks)}.`,
    )
  if (fraction.length > exponent)
    return refuse(
      exponent === 0
        ? `${currency} has no decimals. ${amountTextHint(currency, marks)}`
        : `${currency} has at most ${exponent} decimals.`,
    )
  const digits = whole.replace(/^0+(?=\d)/, '')
  const largest = MAX_MAJOR_UNITS * 10 ** exponent
  const minor =
    digits.length > MAX_WHOLE_DIGITS
      ? Infinity
      : Number(digits) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0')
  if (minor > largest)
    return refuse(
      `Too large: an amount is at most ${groupedAmount(largest, exponent, marks)} ${currency}.`,
    )
  return { ok: true, minor: negative && minor !== 0 ? -minor : minor }
}

/** Minor units as the locale writes them, grouped, without the currency. */
function groupedAmount(minor: number, exponent: number, marks: NumberMarks): string {
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0')
  const whole = grouped(digits.slice(0, digits.length - exponent), marks)
  const text = exponent === 0 ? whole : `${whole}${marks.decimal}${digits.slice(-exponent)}`
  return minor < 0 ? `-${text}` : text
}

function grouped(digits: string, marks: NumberMarks): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, marks.group)
}

/** An amount as the shop writes it in a field, without the currency: 123456 → "1.234,56" (EUR, de-DE). */
export function formatAmountText(minor: number, currency: string, marks: NumberMarks): string {
  return groupedAmount(minor, currencyExponent(currency), marks)
}

/**
 * The text of an amount field regrouped as it is typed. Only text of digits and the locale's own
 * group marks (then, maybe, its decimal mark and decimals) is regrouped, and only when it holds no
 * more group marks than its digits need: "1234567" becomes "1.234.567" and a digit typed into a
 * grouped amount moves the groups, while a mark the person typed beyond those (or any other mark,
 * a currency sign, a half-typed paste) is left as typed for the parser to read or explain. A
 * typed mark is never dropped nor turned into another.
 */
export function regroupAmountText(text: string, marks: NumberMarks): string {
  const group = plainMark(marks.group)
  const shape = pattern(`^(-?)(\\d[\\d${escaped(group)}]*)([${escaped(marks.decimal)}]\\d*)?$`)
  const match = shape.exec(normalized(text))
  if (!match) return text
  const [, sign = '', whole = '', decimals = ''] = match
  const parts = whole.split(group)
  if (parts.some((part) => part === '')) return text
  const digits = parts.join('').replace(/^0+(?=\d)/, '')
  if (parts.length - 1 > Math.floor((digits.length - 1) / 3)) return text
  return `${sign}${grouped(digits, marks)}${decimals}`
}

/** What an empty amount field shows: "0", "0.00", "0,000". */
export function amountPlaceholder(currency: string, marks: NumberMarks): string {
  return formatAmountText(0, currency, marks)
}
