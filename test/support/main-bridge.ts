import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src-shared/bridge/contract'
import { loadKeytar } from '../../src-main/keychain/load-keytar'
import { createKeychainSecretStore } from '../../src-main/keychain/secret-store'
import type { Dispatch } from '../../src-main/bridge/dispatcher'
import { createServices } from '../../src-main/services'
import { BridgeCallError } from '../../src-renderer/bridge/bridge-client'
import { uniqueKeychainService } from './keyring'

/** A bridge call through main's dispatcher, as a shell makes it: a refusal throws its typed error. */
export function callThrough(services: { dispatch: Dispatch }) {
  return async function call<C extends ChannelName>(
    channel: C,
    input?: ChannelInput<C>,
  ): Promise<ChannelOutput<C>> {
    const result = await services.dispatch(channel, input)
    if (!result.ok) throw new BridgeCallError(result.error)
    return result.value as ChannelOutput<C>
  }
}

/**
 * Main's real services and dispatcher in this process (with a real keychain), called the way a
 * shell would: every input and output validated, errors as typed values.
 */
export function inProcessMain() {
  const secrets = createKeychainSecretStore(loadKeytar, uniqueKeychainService())
  const services = createServices({
    dataDir: mkdtempSync(join(tmpdir(), 'till-main-')),
    secrets,
    shell: 'browser',
    version: 'test',
    openExternal: async () => undefined,
  })
  const call = callThrough(services)
  const cleanup = async (): Promise<void> => {
    for (const account of await secrets.listAccounts()) await secrets.delete(account)
  }
  return { services, call, cleanup }
}
