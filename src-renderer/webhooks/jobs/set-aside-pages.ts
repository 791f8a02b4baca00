import type { SetAsidePage } from '../../../src-shared/bridge/contract'
import type { TillBridge } from '../../bridge/bridge-client'

export interface SetAsidePages {
  /** Shows the page of events older than `before` (the newest page for null). */
  show(before: number | null): void
  /** Loads the page shown again (after a retry or a dismissal). */
  reload(): void
  stop(): void
}

/**
 * Keeps one page of the set-aside events up to date. While events are set aside (a flood of
 * them, say) main announces a change every tenth of a second: each announcement loads one page
 * only, and those that come while a page is loading make one more load, not one each — so what
 * this costs does not grow with the events kept, nor slow the drain that sets them aside.
 */
export function watchSetAsidePages(
  bridge: TillBridge,
  limit: number,
  onPage: (page: SetAsidePage) => void,
  onError: (message: string) => void,
): SetAsidePages {
  let before: number | null = null
  let loading = false
  let again = false
  let stopped = false
  const load = async (): Promise<void> => {
    if (loading) {
      again = true
      return
    }
    loading = true
    try {
      do {
        again = false
        const asked = before
        const page = await bridge.call('webhooks.setAsideList', { before: asked, limit })
        if (!stopped && asked === before) onPage(page)
      } while (again && !stopped)
    } catch (error) {
      if (!stopped) onError((error as Error).message)
    } finally {
      loading = false
    }
  }
  const unsubscribe = bridge.on('webhooks.queued', () => void load())
  void load()
  return {
    show(next) {
      before = next
      void load()
    },
    reload: () => void load(),
    stop() {
      stopped = true
      unsubscribe()
    },
  }
}
