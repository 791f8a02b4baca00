import type { EventBus } from '../../bridge/event-bus'
import type { Logger } from '../../logging/logger'
import type { ProfileSource } from './signing-profiles'

/** What an install event says about the connection: uninstalled, or usable again. */
function deactivation(event: string, at: Date): string | null | undefined {
  if (event === 'app.uninstalled') return at.toISOString()
  if (event === 'app.installed' || event === 'app.reauthorized') return null
  return undefined
}

/**
 * The part of install events main handles itself, window or no window: an uninstall marks the
 * connection deactivated, an install or reauthorisation clears that. Applied one at a time, in
 * the order received, after the event is safely queued (the renderer still gets it, to re-test
 * scopes).
 */
export class InstallLifecycle {
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly profiles: ProfileSource,
    private readonly events: EventBus,
    private readonly log: Logger,
  ) {}

  handle(profileId: string, event: string, receivedAt: Date): void {
    const deactivatedAt = deactivation(event, receivedAt)
    if (deactivatedAt === undefined) return
    this.chain = this.chain.then(() => this.apply(profileId, event, deactivatedAt))
  }

  /** Resolves when every install event so far has been applied. */
  idle(): Promise<void> {
    return this.chain
  }

  private async apply(profileId: string, event: string, at: string | null): Promise<void> {
    try {
      await this.profiles.markDeactivated(profileId, at)
      this.log.info('connection install state changed', { profileId, event })
      const active = await this.profiles.active()
      this.events.emit('profiles.changed', { activeProfileId: active?.id ?? null })
    } catch (error) {
      this.log.error('could not record an install event on its connection', {
        profileId,
        event,
        error,
      })
    }
  }
}
