import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BridgeEvent } from '../../src-shared/bridge/contract'
import { EventBus } from '../../src-main/bridge/event-bus'
import { ProfileStore } from '../../src-main/features/connections/profile-store'
import { WebhookReceiver } from '../../src-main/features/webhooks/receiver'
import { loadKeytar } from '../../src-main/keychain/load-keytar'
import { createKeychainSecretStore, type SecretStore } from '../../src-main/keychain/secret-store'
import { createLogger } from '../../src-main/logging/logger'
import { requireSessionKeyring, uniqueKeychainService } from './keyring'

const log = createLogger('test')

/** A data folder whose receiver settings ask for a free loopback port. */
export function receiverDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'till-webhooks-'))
  writeFileSync(
    join(dataDir, 'webhook-receiver.json'),
    JSON.stringify({ host: '127.0.0.1', port: 0, path: '/webhooks' }),
  )
  return dataDir
}

/** A keychain service of its own, emptied again by `cleanUp`. */
export function testKeychain(): { secrets: SecretStore; cleanUp(): Promise<void> } {
  requireSessionKeyring()
  const secrets = createKeychainSecretStore(loadKeytar, uniqueKeychainService())
  return {
    secrets,
    cleanUp: async () => {
      for (const account of await secrets.listAccounts()) await secrets.delete(account)
    },
  }
}

/** Saves a connection with its webhook secret in the real (throwaway) keychain. */
export async function saveConnection(
  profiles: ProfileStore,
  storeId: string,
  webhookSecret: string,
): Promise<string> {
  const view = await profiles.save({
    name: `Shop ${storeId}`,
    baseUrl: 'https://pos.example.com',
    storeId,
    apiKey: `key-${storeId}-0123456789`,
    webhookSecret,
  })
  return view.id
}

export interface RunningReceiver {
  receiver: WebhookReceiver
  profiles: ProfileStore
  events: EventBus
  emitted: BridgeEvent[]
  url: string
  dataDir: string
}

/** A receiver started on `dataDir` (a restart of main when called again on the same folder). */
export async function startReceiver(
  dataDir: string,
  secrets: SecretStore,
): Promise<RunningReceiver> {
  const events = new EventBus(log)
  const emitted: BridgeEvent[] = []
  events.subscribe((event) => emitted.push(event))
  const profiles = new ProfileStore(dataDir, secrets, log)
  const receiver = new WebhookReceiver({ dataDir, profiles, events, log })
  const status = await receiver.start()
  if (!status.url) throw new Error(`receiver did not start: ${status.problem}`)
  return { receiver, profiles, events, emitted, url: status.url, dataDir }
}
