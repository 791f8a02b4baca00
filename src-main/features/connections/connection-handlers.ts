import { ValidationError } from '../../till-errors'
import { Secret } from '../../logging/secret'
import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { EventBus } from '../../bridge/event-bus'
import type { HttpGet } from '../../apps-api/http-get'
import type { SecretStore } from '../../keychain/secret-store'
import type { ProfileStore } from './profile-store'
import { testConnection } from './connection-test'

type ConnectionChannels =
  | 'profiles.list'
  | 'profiles.save'
  | 'profiles.delete'
  | 'profiles.activate'
  | 'profiles.setMerchant'
  | 'connection.test'

export interface ConnectionDeps {
  profiles: ProfileStore
  secrets: Pick<SecretStore, 'probe'>
  events: Pick<EventBus, 'emit'>
  httpGet: HttpGet
}

export function connectionHandlers({
  profiles,
  secrets,
  events,
  httpGet,
}: ConnectionDeps): Pick<ChannelHandlers, ConnectionChannels> {
  const announce = async (): Promise<void> => {
    const { activeProfileId } = await profiles.list()
    events.emit('profiles.changed', { activeProfileId })
  }
  return {
    'profiles.list': async () => {
      const problem = await secrets.probe()
      return { ...(await profiles.list()), keychain: { available: problem === null, problem } }
    },
    'profiles.save': async (input) => {
      if (!input.id && !input.apiKey)
        throw new ValidationError('Enter the API key for a new connection.', ['apiKey: required'])
      const view = await profiles.save(input)
      await announce()
      return view
    },
    'profiles.delete': async ({ id }) => {
      await profiles.delete(id)
      await announce()
      return { id }
    },
    'profiles.setMerchant': async ({ id, currency, timezone, onlyIfUnset }) => {
      const before = await profiles.get(id)
      const view = await profiles.setMerchant(id, { currency, timezone }, onlyIfUnset)
      if (view.currency !== before.currency || view.timezone !== before.timezone) await announce()
      return view
    },
    'profiles.activate': async ({ id }) => {
      const view = await profiles.activate(id)
      await announce()
      return view
    },
    'connection.test': async ({ profileId, baseUrl, storeId, apiKey }) => {
      const key = apiKey
        ? new Secret(apiKey)
        : profileId
          ? await profiles.apiKeyFor(profileId, baseUrl)
          : null
      if (!key) throw new ValidationError('Enter the API key to test.', ['apiKey: required'])
      return testConnection({ baseUrl, storeId, apiKey: key }, httpGet)
    },
  }
}
