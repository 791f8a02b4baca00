import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { profileId } from '../../../src-shared/bridge/contract'
import { ValidationError } from '../../till-errors'
import type { Logger } from '../../logging/logger'
import type { Secret } from '../../logging/secret'
import type { SecretStore } from '../../keychain/secret-store'
import { JsonFile } from '../../platform/json-file'
import { serverOf, urlWithoutPassword } from './connection-options'

const profileSettings = z.object({
  /** Without the password. */
  url: z.string(),
  /** host:port the kept password belongs to; it is sent to no other server. */
  passwordServer: z.string().nullable(),
  storeId: z.string().nullable(),
  joined: z.boolean(),
  lastReachedAt: z.number().nullable(),
  /** The name a person gave this PC; absent: the host name. */
  pcName: z.string().optional(),
  /** Tells this PC from another of the same name; made once, on the first save. */
  pcId: z.string().optional(),
})
export type SharedBooksProfileSettings = z.infer<typeof profileSettings>

const settingsDocument = z.object({
  version: z.literal(1),
  profiles: z.record(profileId, profileSettings),
})
type SettingsDocument = z.infer<typeof settingsDocument>

function passwordAccount(profile: string): string {
  return `${profile}/shared-books-password`
}

/**
 * Each profile's shared-books settings in `shared-books.json` in the data folder; the password in
 * the keychain only, bound to the server it was typed for (docs/shared-books.md#settings).
 */
export class SharedBooksSettings {
  private readonly file: JsonFile<SettingsDocument>
  /** Writes one after the other: each reads the document the one before it wrote. */
  private writes: Promise<unknown> = Promise.resolve()

  constructor(
    dataDir: string,
    private readonly secrets: SecretStore,
    log: Logger,
  ) {
    this.file = new JsonFile(
      join(dataDir, 'shared-books.json'),
      settingsDocument,
      () => ({ version: 1, profiles: {} }),
      log,
    )
  }

  async get(profile: string): Promise<SharedBooksProfileSettings | null> {
    return (await this.file.read()).profiles[profile] ?? null
  }

  /**
   * A new server needs its password typed again: a kept one is only ever sent to the server it
   * was kept for. The password is written first, so a keychain failure changes nothing.
   */
  save(
    profile: string,
    url: string,
    password: string | undefined,
  ): Promise<SharedBooksProfileSettings> {
    return this.serial(() => this.saveNow(profile, url, password))
  }

  private async saveNow(
    profile: string,
    url: string,
    password: string | undefined,
  ): Promise<SharedBooksProfileSettings> {
    const existing = await this.get(profile)
    const server = serverOf(url)
    const clean = urlWithoutPassword(url)
    if (password !== undefined) await this.secrets.set(passwordAccount(profile), password)
    const passwordServer =
      password !== undefined ? server : existing?.passwordServer === server ? server : null
    const sameDatabase = existing !== null && existing.url === clean
    const settings: SharedBooksProfileSettings = {
      url: clean,
      passwordServer,
      storeId: sameDatabase ? existing.storeId : null,
      joined: sameDatabase ? existing.joined : false,
      lastReachedAt: sameDatabase ? existing.lastReachedAt : null,
      ...(existing?.pcName !== undefined && { pcName: existing.pcName }),
      pcId: existing?.pcId ?? randomBytes(4).toString('hex'),
    }
    await this.update(profile, settings)
    return settings
  }

  /** The kept password, only for `url`'s server; another server needs one typed for it. */
  async passwordFor(profile: string, url: string): Promise<Secret | null> {
    const settings = await this.get(profile)
    if (!settings?.passwordServer) return null
    if (settings.passwordServer !== serverOf(url))
      throw new ValidationError(
        `Enter the password for ${serverOf(url)}: the kept one is only ever sent to ${settings.passwordServer}.`,
        ['password: required for a server other than the saved one'],
      )
    return this.secrets.get(passwordAccount(profile))
  }

  async setJoined(profile: string, storeId: string): Promise<SharedBooksProfileSettings> {
    return this.change(profile, (s) => ({ ...s, storeId, joined: true }))
  }

  async rename(profile: string, pcName: string): Promise<SharedBooksProfileSettings> {
    return this.change(profile, (s) => ({ ...s, pcName }))
  }

  async setLastReachedAt(profile: string, at: number): Promise<void> {
    await this.change(profile, (s) => ({ ...s, lastReachedAt: at }))
  }

  /** Forgets the address and the password (the password first). */
  forget(profile: string): Promise<void> {
    return this.serial(async () => {
      await this.secrets.delete(passwordAccount(profile))
      const doc = await this.file.read()
      const profiles = { ...doc.profiles }
      delete profiles[profile]
      await this.file.write({ ...doc, profiles })
    })
  }

  private change(
    profile: string,
    edit: (settings: SharedBooksProfileSettings) => SharedBooksProfileSettings,
  ): Promise<SharedBooksProfileSettings> {
    return this.serial(async () => {
      const existing = await this.get(profile)
      if (!existing) throw new ValidationError('Shared books are not set up for this connection.')
      const changed = edit(existing)
      await this.update(profile, changed)
      return changed
    })
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writes.then(work, work)
    this.writes = run.catch(() => undefined)
    return run
  }

  private async update(profile: string, settings: SharedBooksProfileSettings): Promise<void> {
    const doc = await this.file.read()
    await this.file.write({ ...doc, profiles: { ...doc.profiles, [profile]: settings } })
  }
}
