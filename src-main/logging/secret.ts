import { inspect } from 'node:util'

const REDACTED = '[redacted]'

/** Every secret value Till has held in this process, so log output can be scrubbed of them. */
const knownSecretValues = new Set<string>()

/**
 * A secret held in main. It prints, serialises and inspects as `[redacted]`; only `reveal()`
 * gives the value, and only code building an outgoing request should call it.
 */
export class Secret {
  readonly #value: string

  constructor(value: string) {
    this.#value = value
    if (value.length >= 6) knownSecretValues.add(value)
  }

  reveal(): string {
    return this.#value
  }

  /** What the renderer may learn: the last four characters at most. */
  last4(): string {
    return this.#value.slice(-4)
  }

  toString(): string {
    return REDACTED
  }

  toJSON(): string {
    return REDACTED
  }

  [inspect.custom](): string {
    return REDACTED
  }
}

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  [/(Bearer\s+)[^\s"',]+/gi, `$1${REDACTED}`],
  [/whsec_[A-Za-z0-9+/=_-]+/g, REDACTED],
  [
    /("?(?:apiKey|api_key|webhookSecret|webhook_secret|password)"?\s*[:=]\s*)"[^"]*"/gi,
    `$1"${REDACTED}"`,
  ],
]

/** Removes every known secret value and anything shaped like a credential from a text. */
export function scrubSecrets(text: string): string {
  let out = text
  for (const value of knownSecretValues) out = out.split(value).join(REDACTED)
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement)
  return out
}
