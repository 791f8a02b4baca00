import { z } from 'zod'
import { isTimeZone } from '../../domain/business-date'

/** Schemas of the connection (profile) channels and of app info. */

function isLocaleTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1
  } catch {
    return false
  }
}

export const profileId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Profile ids are lowercase letters, digits and dashes')

const httpUrl = z
  .string()
  .trim()
  .url('Enter a full address such as https://pos.example.com')
  .refine((u) => /^https?:\/\//i.test(u), 'The service URL must start with http:// or https://')

/** The first control character in `text` (a line break, tab, NUL, …) and where it is, if any. */
function controlCharacterAt(text: string): { at: number; code: string } | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f))
      return { at: i + 1, code: `U+${code.toString(16).toUpperCase().padStart(4, '0')}` }
  }
  return null
}

/**
 * A value that goes into request headers or a signature check: a control character there could
 * start a header of its own, so it is refused with where it is (a trailing line break from a paste
 * is trimmed first).
 */
function withoutControlCharacters<T extends z.ZodType<string | undefined>>(
  schema: T,
  what: string,
) {
  return schema.superRefine((value, ctx) => {
    const found = value === undefined ? null : controlCharacterAt(value)
    if (found)
      ctx.addIssue({
        code: 'custom',
        message: `${what} holds a control character (${found.code}, such as a line break or tab) at character ${found.at}; type or paste it again without it.`,
      })
  })
}

const storeIdInput = withoutControlCharacters(
  z.string().trim().min(1, 'Enter the Store ID').max(200),
  'The Store ID',
)

const secretStatus = z.object({
  set: z.boolean(),
  /** The last four characters at most; never more of a secret crosses the bridge. */
  last4: z.string().max(4).nullable(),
})
export type SecretStatus = z.infer<typeof secretStatus>

export const profileView = z.object({
  id: profileId,
  name: z.string(),
  kind: z.enum(['demo', 'service']),
  baseUrl: z.string(),
  storeId: z.string(),
  apiKey: secretStatus,
  webhookSecret: secretStatus,
  active: z.boolean(),
  /** The merchant's currency and IANA time zone, when known (detected or chosen). */
  currency: z.string().nullable(),
  timezone: z.string().nullable(),
  /** How the shop writes numbers (a locale such as "id-ID"); null: as this PC does. */
  numberLocale: z.string().nullable(),
  /** Set when the service reported the app uninstalled for this store. */
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type ProfileView = z.infer<typeof profileView>

export const keychainStatus = z.object({
  available: z.boolean(),
  /** What is missing and how to fix it, when unavailable. */
  problem: z.string().nullable(),
})

const areaAccess = z.object({
  allowed: z.boolean().nullable(),
  message: z.string(),
})

export const connectionReport = z.object({
  ok: z.boolean(),
  summary: z.string(),
  reachable: z.boolean(),
  keyAccepted: z.boolean().nullable(),
  areas: z.object({ bills: areaAccess, expenses: areaAccess }),
})
export type ConnectionReport = z.infer<typeof connectionReport>

const optionalSecretInput = (what: string) =>
  withoutControlCharacters(z.string().trim().max(4096).optional(), what)

export const saveProfileInput = z.object({
  id: profileId.optional(),
  name: z.string().trim().min(1, 'Give the connection a name').max(80),
  baseUrl: httpUrl,
  storeId: storeIdInput,
  /** Empty or absent keeps the stored key, unless the service URL changes (the key is bound to it). */
  apiKey: optionalSecretInput('The API key'),
  webhookSecret: optionalSecretInput('The webhook signing secret').refine(
    (s) => !s || s.startsWith('whsec_'),
    'A webhook signing secret begins with whsec_',
  ),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'A currency is a three-letter code such as IDR or USD')
    .transform((c) => c.toUpperCase())
    .optional(),
  timezone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Choose a time zone such as Asia/Jakarta')
    .optional(),
  /** Null goes back to this PC's way; absent keeps what was chosen. */
  numberLocale: z
    .string()
    .trim()
    .max(35)
    .refine(isLocaleTag, 'Choose a number format such as id-ID or en-US')
    .nullable()
    .optional(),
})
export type SaveProfileInput = z.infer<typeof saveProfileInput>

/** The merchant's currency and time zone, detected from the service or chosen by a person. */
export const merchantFactsInput = z.object({
  id: profileId,
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  timezone: z.string().refine(isTimeZone, 'Not a time zone').optional(),
  /** Detected facts never overwrite what is already known; a person's choice does. */
  onlyIfUnset: z.boolean(),
})

export const testConnectionInput = z.object({
  /** When the key is left empty, the stored key of this profile is used, for its own URL only. */
  profileId: profileId.optional(),
  baseUrl: httpUrl,
  storeId: storeIdInput,
  apiKey: optionalSecretInput('The API key'),
})

const demoStatus = z.object({
  available: z.boolean(),
  /** Why the demo shop is not running: the last start's failure, until a start succeeds. */
  reason: z.string().nullable(),
  running: z.boolean(),
  profileId: z.string().nullable(),
  /** Changes each time the demo shop is generated anew; a cache of an older one is dropped. */
  epoch: z.string().nullable(),
  /** The running demo shop's location names by id, which the service never sends; none when
   *  it is not running. Its cache takes them once (settings/tables/location-names.ts). */
  locationNames: z.record(z.string().max(40), z.string().min(1).max(100)),
  /** The demo bank's lag and fee by payment method; its cache takes them once, like the names
   *  (deposits/tables/deposit-settings-store.ts). */
  bankTerms: z.record(
    z.string().max(40),
    z.object({
      lagDays: z.number().int().min(0).max(30),
      feeBasisPoints: z.number().int().min(0).max(10_000),
      feeFixed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
  ),
})
export type DemoStatus = z.infer<typeof demoStatus>

export const appInfo = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'browser']),
  platform: z.string(),
  /** Whether this shell can write a PDF of the page itself (Electron); else the print dialog does. */
  canSavePdf: z.boolean(),
  demo: demoStatus,
})
