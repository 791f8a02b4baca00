import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { Services } from '../../services'

type WebhookChannels =
  | 'webhooks.status'
  | 'webhooks.configure'
  | 'webhooks.take'
  | 'webhooks.ack'
  | 'webhooks.release'
  | 'webhooks.setAside'
  | 'webhooks.setAsideList'
  | 'webhooks.retry'

export function webhookHandlers(services: Services): Pick<ChannelHandlers, WebhookChannels> {
  const { webhooks } = services
  return {
    'webhooks.status': () => webhooks.status(),
    'webhooks.configure': (settings) => webhooks.configure(settings),
    'webhooks.take': async ({ max }) => ({ events: await webhooks.takeToApply(max) }),
    'webhooks.ack': async ({ seqs }) => ({ pending: await webhooks.ack(seqs) }),
    'webhooks.release': async ({ seqs }) => ({ pending: await webhooks.release(seqs) }),
    'webhooks.setAside': async ({ seq, reason }) => ({
      pending: await webhooks.setAside(seq, reason),
    }),
    'webhooks.setAsideList': async () => ({ events: await webhooks.setAsideEvents() }),
    'webhooks.retry': async ({ seqs }) => ({ pending: await webhooks.retry(seqs) }),
  }
}
