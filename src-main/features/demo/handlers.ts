import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { Services } from '../../services'

export function demoHandlers(services: Services): Pick<ChannelHandlers, 'demo.start'> {
  return {
    'demo.start': async () => {
      const profile = await services.demo.ensureRunning(true)
      services.events.emit('profiles.changed', { activeProfileId: profile.id })
      return profile
    },
  }
}
