import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { DemoMode } from '../demo/demo-mode'
import { safeExternalUrl } from '../../platform/external-url'
import { ValidationError } from '../../till-errors'

export interface AppDeps {
  version: string
  shell: 'electron' | 'browser'
  openExternal: (url: string) => Promise<void>
  /** Writes the focused page as a PDF through a save dialog; absent where the shell has none. */
  savePdf: ((suggestedName: string) => Promise<boolean>) | undefined
  demo: Pick<DemoMode, 'status'>
}

export function appHandlers({
  version,
  shell,
  openExternal,
  savePdf,
  demo,
}: AppDeps): Pick<ChannelHandlers, 'app.info' | 'shell.openExternal' | 'print.savePdf'> {
  return {
    'app.info': async () => ({
      name: 'Till',
      version,
      shell,
      platform: process.platform,
      canSavePdf: savePdf !== undefined,
      demo: demo.status(),
    }),
    'print.savePdf': async ({ suggestedName }) => {
      if (!savePdf)
        throw new ValidationError(
          'This window cannot save a PDF itself: use Print and choose “Save as PDF”.',
        )
      return { saved: await savePdf(suggestedName) }
    },
    'shell.openExternal': async ({ url }) => {
      const safe = safeExternalUrl(url)
      if (safe === null) return { opened: false }
      await openExternal(safe)
      return { opened: true }
    },
  }
}
