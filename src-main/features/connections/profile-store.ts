import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import type {
  ProfileView,
  SaveProfileInput,
  SecretStatus,
} from '../../../src-shared/bridge/contract'
import { profileId } from '../../../src-shared/bridge/contract'
import { KeychainUnavailableError, NotFoundError, ValidationError } from '../../till-errors'
import type { Logger } from '../../logging/logger'
import type { Secret } from '../../logging/secret'
import type { SecretStore } from '../../keychain/secret-store'
import { JsonFile } from '../../platform/json-file'

const storedProfile = z.object({
  id: profileId,
  name: z.string(),
  kind: z.enum(['demo', 'service']),
  baseUrl: z.string(),
  storeId: z.string(),
  currency: z.string().nullable().default(null),
  timezone: z.string().nullable().default(null),
  numberLocale: z.string().nullable().default(null),
  deactivatedAt: z.string().nullable().default(null),
  createdAt: z.string(),
})
type StoredProfile = z.infer<typeof storedProfile>

const profilesDocument = z.object({
  version: z.literal(1),
  activeProfileId: profileId.nullable(),
  profiles: z.array(storedProfile),
})
type ProfilesDocument = z.infer<typeof profilesDocument>

export type SecretKind = 'api-key' | 'webhook-secret'

/** One keychain account per profile and secret kind. */
function keychainAccount(id: string, kind: SecretKind): string {
  return `${id}/${kind}`
}

/** A service URL as compared for the key binding: scheme and host in lower case, no trailing slash. */
function serviceUrl(url: string): string {
  return new URL(url.trim()).href.replace(/\/+$/, '')
}

function sameServiceUrl(a: string, b: string): boolean {
  return serviceUrl(a) === serviceUrl(b)
}

function slug(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return `${base || 'profile'}-${randomBytes(3).toString('hex')}`
}

/**
 * Connection profiles: names, URLs and store ids in `profiles.json` in the data folder; the API
 * key and webhook secret in the keychain only. Views carry at most the last four characters.
 */
export class ProfileStore {
  private readonly file: JsonFile<ProfilesDocument>
  /**
   * The document as last read or written. This store is its only writer (one Till per data
   * folder), and main looks a profile up for every Apps API request: read from disk each time,
   * a 20,000-bill first sync parsed the file over 200 times.
   */
  private document: ProfilesDocument | null = null

  constructor(
    dataDir: string,
    private readonly secrets: SecretStore,
    log: Logger,
  ) {
    this.file = new JsonFile(
      join(dataDir, 'profiles.json'),
      profilesDocument,
      () => ({ version: 1, activeProfileId: null, profiles: [] }),
      log,
    )
  }

  async list(): Promise<{ profiles: ProfileView[]; activeProfileId: string | null }> {
    const doc = await this.read()
    const profiles = await Promise.all(doc.profiles.map((p) => this.view(p, doc.activeProfileId)))
    return { profiles, activeProfileId: doc.activeProfileId }
  }

  async get(id: string): Promise<ProfileView> {
    const doc = await this.read()
    return this.view(this.find(doc, id), doc.activeProfileId)
  }

  async active(): Promise<StoredProfile | null> {
    const doc = await this.read()
    return doc.profiles.find((p) => p.id === doc.activeProfileId) ?? null
  }

  /**
   * Secrets are written to the keychain first, so a keychain failure leaves no half profile. A
   * stored key is bound to the URL it was saved with (docs/architecture.md#secrets): a new URL
   * needs the key again.
   */
  async save(
    input: SaveProfileInput,
    kind: StoredProfile['kind'] = 'service',
  ): Promise<ProfileView> {
    const doc = await this.read()
    const existing = input.id ? (doc.profiles.find((p) => p.id === input.id) ?? null) : null
    if (existing && !input.apiKey && !sameServiceUrl(existing.baseUrl, input.baseUrl))
      throw new ValidationError(
        `The service URL changed: enter the API key for ${input.baseUrl.trim()}. A saved key is only ever sent to the URL it was saved with.`,
        ['apiKey: required when the service URL changes'],
      )
    const id = existing?.id ?? input.id ?? slug(input.name)
    if (input.apiKey) await this.secrets.set(keychainAccount(id, 'api-key'), input.apiKey)
    if (input.webhookSecret)
      await this.secrets.set(keychainAccount(id, 'webhook-secret'), input.webhookSecret)
    const profile: StoredProfile = {
      id,
      name: input.name,
      kind: existing?.kind ?? kind,
      baseUrl: input.baseUrl.replace(/\/+$/, ''),
      storeId: input.storeId,
      currency: input.currency ?? existing?.currency ?? null,
      timezone: input.timezone ?? existing?.timezone ?? null,
      numberLocale:
        input.numberLocale === undefined ? (existing?.numberLocale ?? null) : input.numberLocale,
      deactivatedAt: existing?.deactivatedAt ?? null,
      createdAt: existing?.createdAt ?? new Date().toISOString(),
    }
    const profiles = existing
      ? doc.profiles.map((p) => (p.id === id ? profile : p))
      : [...doc.profiles, profile]
    const activeProfileId = doc.activeProfileId ?? id
    await this.write({ ...doc, profiles, activeProfileId })
    return this.view(profile, activeProfileId)
  }

  async activate(id: string): Promise<ProfileView> {
    const doc = await this.read()
    const profile = this.find(doc, id)
    await this.write({ ...doc, activeProfileId: id })
    return this.view(profile, id)
  }

  /** Records the merchant's currency and time zone; detected facts only fill what is unknown. */
  async setMerchant(
    id: string,
    facts: { currency?: string | undefined; timezone?: string | undefined },
    onlyIfUnset: boolean,
  ): Promise<ProfileView> {
    const doc = await this.read()
    const profile = this.find(doc, id)
    const pick = (known: string | null, given: string | undefined): string | null =>
      given === undefined || (onlyIfUnset && known !== null) ? known : given
    const updated = {
      ...profile,
      currency: pick(profile.currency, facts.currency),
      timezone: pick(profile.timezone, facts.timezone),
    }
    if (updated.currency !== profile.currency || updated.timezone !== profile.timezone) {
      await this.write({
        ...doc,
        profiles: doc.profiles.map((p) => (p.id === id ? updated : p)),
      })
    }
    return this.view(updated, doc.activeProfileId)
  }

  async markDeactivated(id: string, at: string | null): Promise<void> {
    const doc = await this.read()
    this.find(doc, id)
    await this.write({
      ...doc,
      profiles: doc.profiles.map((p) => (p.id === id ? { ...p, deactivatedAt: at } : p)),
    })
  }

  /** Removes the keychain entries first: a profile is never deleted while its secrets remain. */
  async delete(id: string): Promise<void> {
    const doc = await this.read()
    this.find(doc, id)
    await this.secrets.delete(keychainAccount(id, 'api-key'))
    await this.secrets.delete(keychainAccount(id, 'webhook-secret'))
    const profiles = doc.profiles.filter((p) => p.id !== id)
    const activeProfileId =
      doc.activeProfileId === id ? (profiles[0]?.id ?? null) : doc.activeProfileId
    await this.write({ ...doc, profiles, activeProfileId })
  }

  /** The stored API key, only for the URL it was saved with; another URL needs a key typed for it. */
  async apiKeyFor(id: string, baseUrl: string): Promise<Secret | null> {
    const profile = this.find(await this.read(), id)
    if (!sameServiceUrl(profile.baseUrl, baseUrl))
      throw new ValidationError(
        `Enter the API key to test ${baseUrl.trim()}: the saved key is only ever sent to ${profile.baseUrl}.`,
        ['apiKey: required for a service URL other than the saved one'],
      )
    return this.secret(id, 'api-key')
  }

  secret(id: string, kind: SecretKind): Promise<Secret | null> {
    return this.secrets.get(keychainAccount(id, kind))
  }

  private async read(): Promise<ProfilesDocument> {
    this.document ??= await this.file.read()
    return this.document
  }

  private async write(doc: ProfilesDocument): Promise<void> {
    await this.file.write(doc)
    this.document = doc
  }

  private find(doc: ProfilesDocument, id: string): StoredProfile {
    const profile = doc.profiles.find((p) => p.id === id)
    if (!profile) throw new NotFoundError(`There is no connection named “${id}”.`)
    return profile
  }

  private async view(profile: StoredProfile, activeProfileId: string | null): Promise<ProfileView> {
    const status = async (kind: SecretKind): Promise<SecretStatus> => {
      // With the keychain locked the profile is still listed; the keychain banner explains why
      // its secrets show as not set.
      const secret = await this.secret(profile.id, kind).catch((error: unknown) => {
        if (error instanceof KeychainUnavailableError) return null
        throw error
      })
      return secret ? { set: true, last4: secret.last4() } : { set: false, last4: null }
    }
    return {
      ...profile,
      apiKey: await status('api-key'),
      webhookSecret: await status('webhook-secret'),
      active: profile.id === activeProfileId,
    }
  }
}
