import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { WebhookReceiver } from './receiver'

type WebhookChannels =
  | 'webhooks.status'
  | 'webhooks.configure'
  | 'webhooks.take'
  | 'webhooks.ack'
  | 'webhooks.release'
  | 'webhooks.setAside'
  | 'webhooks.setAsideList'
  | 'webhooks.retry'

export interface WebhookDeps {
  webhooks: WebhookReceiver
}

export function webhookHandlers({ webhooks }: WebhookDeps): Pick<ChannelHandlers, WebhookChannels> {
  return {
    'webhooks.status': () => webhooks.status(),
    'webhooks.configure': (settings) => webhooks.configure(settings),
    'webhooks.take': async ({ max }) => ({ events: await webhooks.takeToApply(max) }),
    'webhooks.ack': async ({ seqs }) => ({ pending: await webhooks.ack(seqs) }),
    'webhooks.release': async ({ seqs }) => ({ pending: await webhooks.release(seqs) }),
    'webhooks.setAside': async ({ seq, reason }) => ({
      pending: await webhooks.setAside(seq, reason),
    }),
    'webhooks.setAsideList': ({ before, limit }) => webhooks.setAsidePage(before, limit),
    'webhooks.retry': async ({ seqs }) => ({ pending: await webhooks.retry(seqs) }),
  }
}
