import { KeychainUnavailableError } from '../till-errors'
import { Secret } from '../logging/secret'
import type { SecretStore } from './secret-store'

/**
 * The keychain, except that the accounts `covers` names are held in this process's memory when
 * there is no keychain (docs/architecture.md#demo-service: the demo shop's key and secret, made per
 * launch for a simulator on loopback, protect nothing). Every other account keeps failing without a
 * keychain.
 */
export function withMemoryFallback(
  keychain: SecretStore,
  covers: (account: string) => boolean,
): SecretStore {
  const memory = new Map<string, Secret>()
  /** Runs `work` on the keychain; for a covered account, no keychain means `fallback`. */
  const unlessNoKeychain = async <T>(
    account: string,
    work: () => Promise<T>,
    fallback: () => T,
  ): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (covers(account) && error instanceof KeychainUnavailableError) return fallback()
      throw error
    }
  }
  return {
    get: async (account) =>
      memory.get(account) ??
      unlessNoKeychain(
        account,
        () => keychain.get(account),
        () => null,
      ),
    set: (account, value) =>
      unlessNoKeychain(
        account,
        async () => {
          await keychain.set(account, value)
          memory.delete(account)
        },
        () => void memory.set(account, new Secret(value)),
      ),
    delete: async (account) => {
      const held = memory.delete(account)
      return (
        (await unlessNoKeychain(
          account,
          () => keychain.delete(account),
          () => false,
        )) || held
      )
    },
    listAccounts: keychain.listAccounts,
    probe: keychain.probe,
  }
}
