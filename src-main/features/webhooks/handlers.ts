import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { Services } from '../../services'

type WebhookChannels = 'webhooks.status' | 'webhooks.configure' | 'webhooks.take' | 'webhooks.ack'

export function webhookHandlers(services: Services): Pick<ChannelHandlers, WebhookChannels> {
  const { webhooks } = services
  return {
    'webhooks.status': () => webhooks.status(),
    'webhooks.configure': (settings) => webhooks.configure(settings),
    'webhooks.take': async ({ max }) => ({ events: await webhooks.take(max) }),
    'webhooks.ack': async ({ seqs }) => ({ pending: await webhooks.ack(seqs) }),
  }
}
