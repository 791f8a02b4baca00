import { z } from 'zod'

/**
 * The bridge contract: every call the renderer may make into main, and every event main may send
 * back, each with its schemas. The preload (Electron) and the HTTP stand-in (browser shell) both
 * carry exactly this table; main registers one handler per channel from it.
 */

export const profileId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Profile ids are lowercase letters, digits and dashes')

const httpUrl = z
  .string()
  .trim()
  .url('Enter a full address such as https://pos.example.com')
  .refine((u) => /^https?:\/\//i.test(u), 'The service URL must start with http:// or https://')

export const secretStatus = z.object({
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

export const areaAccess = z.object({
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

const optionalSecretInput = z.string().trim().max(4096).optional()

export const saveProfileInput = z.object({
  id: profileId.optional(),
  name: z.string().trim().min(1, 'Give the connection a name').max(80),
  baseUrl: httpUrl,
  storeId: z.string().trim().min(1, 'Enter the Store ID').max(200),
  /** Empty or absent keeps the stored key. */
  apiKey: optionalSecretInput,
  webhookSecret: optionalSecretInput.refine(
    (s) => !s || s.startsWith('whsec_'),
    'A webhook signing secret begins with whsec_',
  ),
})
export type SaveProfileInput = z.infer<typeof saveProfileInput>

export const testConnectionInput = z.object({
  /** When the key is left empty, the stored key of this profile is used. */
  profileId: profileId.optional(),
  baseUrl: httpUrl,
  storeId: z.string().trim().min(1, 'Enter the Store ID').max(200),
  apiKey: optionalSecretInput,
})

export const appInfo = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'browser']),
  platform: z.string(),
  demo: z.object({ available: z.boolean(), reason: z.string().nullable() }),
})

const noInput = z.undefined()

export const channels = {
  'app.info': { input: noInput, output: appInfo },
  'profiles.list': {
    input: noInput,
    output: z.object({
      profiles: z.array(profileView),
      activeProfileId: profileId.nullable(),
      keychain: keychainStatus,
    }),
  },
  'profiles.save': { input: saveProfileInput, output: profileView },
  'profiles.delete': { input: z.object({ id: profileId }), output: z.object({ id: profileId }) },
  'profiles.activate': { input: z.object({ id: profileId }), output: profileView },
  'connection.test': { input: testConnectionInput, output: connectionReport },
  'shell.openExternal': {
    input: z.object({ url: z.string().max(2048) }),
    output: z.object({ opened: z.boolean() }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export type Channels = typeof channels
export type ChannelName = keyof Channels
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>

export const channelNames = Object.keys(channels) as ChannelName[]

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name)
}

export const events = {
  'profiles.changed': z.object({ activeProfileId: profileId.nullable() }),
} as const satisfies Record<string, z.ZodType>

export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<E extends EventName> = z.output<Events[E]>

export const bridgeEvent = z.object({ name: z.string(), payload: z.unknown() })
export type BridgeEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName]
