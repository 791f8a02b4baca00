import type { ProfileView } from '../../../src-shared/bridge/contract'
import type { TillBridge } from '../../bridge/bridge-client'
import type { TillDatabase } from '../../database/database'
import { joinedStore, markLeft } from '../tables/shared-outbox'
import type { SharedExportCommit } from '../../exports/jobs/export-options'
import { joinSharedBooks } from './join-shared-books'
import type { Joined } from '../rules/join-words'
import { pcSignature } from '../rules/pc-names'
import { SharedBooksSync, type SharedPlace } from './shared-books-sync'
import { exportPlanningAgain, sharedExportCommit } from './shared-export'
import type { UploadProgress } from './staged-upload'

/**
 * A connection's shared books (docs/shared-books.md): off unless this profile has joined a store
 * (main keeps the address, the cache the store it joined), in which case its records are kept in
 * step with the books and its exports commit there first. Without shared books, or while main
 * cannot say (an older main, the keychain locked), Till works exactly as it does alone.
 */
export class SharedBooksLink {
  private sync: SharedBooksSync | null = null
  private place: SharedPlace | null = null
  private readonly listeners = new Set<() => void>()

  constructor(
    private readonly bridge: TillBridge,
    private readonly profile: Pick<ProfileView, 'id' | 'storeId'>,
    private readonly db: TillDatabase,
  ) {}

  /** Starts keeping in step when this profile has joined shared books. */
  async start(): Promise<void> {
    const settings = await this.bridge
      .call('sharedBooks.settings.get', { profileId: this.profile.id })
      .catch(() => null)
    const storeId = await joinedStore(this.db)
    if (!settings?.joined || storeId === null || settings.storeId !== storeId) return
    this.begin({
      profileId: this.profile.id,
      storeId,
      pcName: pcSignature(settings.pcName, settings.pcId),
    })
  }

  /** Joins the shop's store on the books saved in Settings, by the join rule. */
  async join(onProgress?: (progress: UploadProgress) => void): Promise<Joined> {
    const settings = await this.bridge.call('sharedBooks.settings.get', {
      profileId: this.profile.id,
    })
    const place = {
      profileId: this.profile.id,
      storeId: this.profile.storeId,
      pcName: pcSignature(settings.pcName, settings.pcId),
    }
    const joined = await joinSharedBooks(this.db, this.bridge, place, onProgress)
    this.begin(place)
    return joined
  }

  /** Gives this PC a name; changes from now on are signed with it. */
  async rename(name: string): Promise<void> {
    const settings = await this.bridge.call('sharedBooks.rename', {
      profileId: this.profile.id,
      pcName: name,
    })
    if (this.place)
      this.begin({ ...this.place, pcName: pcSignature(settings.pcName, settings.pcId) })
  }

  /** Leaves the books: main forgets the address and password; the records stay here. */
  async leave(): Promise<void> {
    this.stop()
    await this.bridge.call('sharedBooks.leave', { profileId: this.profile.id })
    await markLeft(this.db)
    this.changed()
  }

  stop(): void {
    this.sync?.stop()
    this.sync = null
    this.place = null
  }

  /** The store and this PC's name while joined; null without shared books. */
  get joined(): SharedPlace | null {
    return this.place
  }

  /** Why the last exchange with the books failed; null when it went through. */
  get problem(): string | null {
    return this.sync?.problem ?? null
  }

  /** Syncs now (a person asked); nothing without shared books. */
  async syncNow(): Promise<void> {
    await this.sync?.syncNow()
    this.changed()
  }

  /** The commit an export takes: to the books first while joined, in parts when large. */
  exportCommit(onProgress?: (progress: UploadProgress) => void): SharedExportCommit | undefined {
    return this.place ? sharedExportCommit(this.db, this.bridge, this.place, onProgress) : undefined
  }

  /**
   * Runs an export; while joined, one to a destination pulls first (refused while the books do
   * not answer) and is planned again after pulling should another PC commit first. A table
   * export (`toBooks` false) is this PC's alone.
   */
  runExport<T>(
    run: () => Promise<T>,
    onPlannedAgain: (message: string) => void,
    toBooks = true,
  ): Promise<T> {
    const sync = this.sync
    return sync && toBooks ? exportPlanningAgain(run, () => sync.pull(), onPlannedAgain) : run()
  }

  /** Hears when shared books are joined or left. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private begin(place: SharedPlace): void {
    this.stop()
    this.place = place
    this.sync = new SharedBooksSync(this.db, this.bridge, place)
    this.sync.start()
    this.changed()
  }

  private changed(): void {
    for (const listener of this.listeners) listener()
  }
}
