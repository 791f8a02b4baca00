/**
 * The sites Till has reason to send a person to: the manuals of the journal formats it writes
 * and the accounting service it exports to. A link anywhere else stays inside (and is logged).
 */
const LINK_HOSTS = new Set([
  'hledger.org',
  'ledger-cli.org',
  'beancount.github.io',
  'www.xero.com',
  'central.xero.com',
])

/**
 * The link to hand to the system browser, or null: https only, to a known site on its default
 * port, never carrying credentials. The answer is the URL as parsed, so the opener gets what was
 * checked, not the text it came from.
 */
export function safeExternalUrl(candidate: string): string | null {
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return null
  }
  const safe =
    url.protocol === 'https:' &&
    LINK_HOSTS.has(url.hostname) &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  return safe ? url.href : null
}
