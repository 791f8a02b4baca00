import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { Services } from '../../services'
import { isSafeExternalUrl } from '../../platform/external-url'

export function appHandlers(
  services: Services,
): Pick<ChannelHandlers, 'app.info' | 'shell.openExternal'> {
  return {
    'app.info': async () => ({
      name: 'Till',
      version: services.version,
      shell: services.shell,
      platform: process.platform,
      demo: services.demo.status(),
    }),
    'shell.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false }
      await services.openExternal(url)
      return { opened: true }
    },
  }
}
