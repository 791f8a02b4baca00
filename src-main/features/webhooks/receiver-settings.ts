import { join } from 'node:path'
import {
  webhookReceiverSettings,
  type WebhookReceiverSettings,
} from '../../../src-shared/bridge/contract'
import type { Logger } from '../../logging/logger'
import { JsonFile } from '../../platform/json-file'

export const DEFAULT_RECEIVER_SETTINGS: WebhookReceiverSettings = {
  host: '127.0.0.1',
  port: 47616,
  path: '/webhooks',
}

/** Where the receiver listens, in `webhook-receiver.json` in the data folder. */
export function receiverSettingsFile(
  dataDir: string,
  log: Logger,
): JsonFile<WebhookReceiverSettings> {
  return new JsonFile(
    join(dataDir, 'webhook-receiver.json'),
    webhookReceiverSettings,
    () => DEFAULT_RECEIVER_SETTINGS,
    log,
  )
}

/** The address to give the service; IPv6 hosts are bracketed. */
export function receiverUrl(settings: WebhookReceiverSettings, port: number): string {
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host
  return `http://${host}:${port}${settings.path}`
}
