import type { ProfileView } from '../../../src-shared/bridge/contract'
import type { ProfileStore } from '../connections/profile-store'
import type { Logger } from '../../logging/logger'
import type { Secret } from '../../logging/secret'

export interface SigningProfile {
  id: string
  storeId: string
  secret: Secret
}

export type ProfileSource = Pick<ProfileStore, 'list' | 'active' | 'secret' | 'markDeactivated'>

/** A miss reloads from the keychain at most this often, so junk requests cannot hammer it. */
const MISS_RELOAD_INTERVAL_MS = 2000

/**
 * The connections a delivery may belong to, with their signing secrets, held in main's memory
 * only. Reloaded when profiles change, and on a miss (an unknown store, a signature that fails).
 */
export class SigningProfiles {
  private profiles: SigningProfile[] | null = null
  private loading: Promise<SigningProfile[]> | null = null
  private loadedAt = 0
  /** Bumped on every invalidation, so a read that started before one is not kept. */
  private generation = 0

  constructor(
    private readonly source: ProfileSource,
    private readonly log: Logger,
  ) {}

  invalidate(): void {
    this.profiles = null
    this.loading = null
    this.generation++
  }

  /** Profiles for this store; `afterMiss` asks for a fresh read unless one was just made. */
  async forStore(storeId: string, afterMiss = false): Promise<SigningProfile[]> {
    const fresh = Date.now() - this.loadedAt < MISS_RELOAD_INTERVAL_MS
    if (afterMiss && !fresh) this.invalidate()
    const profiles = this.profiles ?? (await this.load())
    return profiles.filter((p) => p.storeId === storeId)
  }

  private load(): Promise<SigningProfile[]> {
    if (this.loading) return this.loading
    const loading = this.read(this.generation).finally(() => {
      if (this.loading === loading) this.loading = null
    })
    this.loading = loading
    return loading
  }

  private async read(generation: number): Promise<SigningProfile[]> {
    const { profiles } = await this.source.list()
    const withSecrets = await Promise.all(profiles.map((p) => this.withSecret(p)))
    const loaded = withSecrets.filter((p): p is SigningProfile => p !== null)
    if (generation === this.generation) {
      this.profiles = loaded
      this.loadedAt = Date.now()
    }
    this.log.debug('signing profiles loaded', { count: loaded.length })
    return loaded
  }

  private async withSecret(profile: ProfileView): Promise<SigningProfile | null> {
    const secret = await this.source.secret(profile.id, 'webhook-secret')
    return secret ? { id: profile.id, storeId: profile.storeId, secret } : null
  }
}
