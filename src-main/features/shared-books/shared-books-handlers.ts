import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { ChannelName } from '../../../src-shared/bridge/contract'
import { InternalError } from '../../till-errors'

type SharedBooksChannels = Extract<ChannelName, `sharedBooks.${string}`>

const notYet = () => Promise.reject(new InternalError('Shared books are being built.'))

/** The shared-books channels (docs/shared-books.md); being built, they refuse for now. */
export function sharedBooksHandlers(): Pick<ChannelHandlers, SharedBooksChannels> {
  return {
    'sharedBooks.settings.get': notYet,
    'sharedBooks.settings.save': notYet,
    'sharedBooks.test': notYet,
    'sharedBooks.join': notYet,
    'sharedBooks.leave': notYet,
    'sharedBooks.status': notYet,
    'sharedBooks.info': notYet,
    'sharedBooks.pull': notYet,
    'sharedBooks.push': notYet,
    'sharedBooks.appendExport': notYet,
    'sharedBooks.exportLog': notYet,
  }
}
