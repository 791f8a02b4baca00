import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { EventBus } from '../../bridge/event-bus'
import type { DemoMode } from './demo-mode'

export interface DemoDeps {
  demo: Pick<DemoMode, 'ensureRunning'>
  events: Pick<EventBus, 'emit'>
}

export function demoHandlers({ demo, events }: DemoDeps): Pick<ChannelHandlers, 'demo.start'> {
  return {
    'demo.start': async () => {
      const profile = await demo.ensureRunning(true)
      events.emit('profiles.changed', { activeProfileId: profile.id })
      return profile
    },
  }
}
