import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { Services } from '../../services'
import { isSafeExternalUrl } from '../../platform/external-url'
import { ValidationError } from '../../errors'

export function appHandlers(
  services: Services,
): Pick<ChannelHandlers, 'app.info' | 'shell.openExternal' | 'print.savePdf'> {
  return {
    'app.info': async () => ({
      name: 'Till',
      version: services.version,
      shell: services.shell,
      platform: process.platform,
      canSavePdf: services.savePdf !== undefined,
      demo: services.demo.status(),
    }),
    'print.savePdf': async ({ suggestedName }) => {
      if (!services.savePdf)
        throw new ValidationError(
          'This window cannot save a PDF itself: use Print and choose “Save as PDF”.',
        )
      return { saved: await services.savePdf(suggestedName) }
    },
    'shell.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false }
      await services.openExternal(url)
      return { opened: true }
    },
  }
}
