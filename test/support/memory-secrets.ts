import type { SecretStore } from '../../src-main/keychain/secret-store'
import { Secret } from '../../src-main/logging/secret'

/** Secrets in memory: the fuzz tests exercise main's code, not the keychain. */
export function memorySecrets(): SecretStore {
  const values = new Map<string, string>()
  return {
    get: async (account) => (values.has(account) ? new Secret(values.get(account)!) : null),
    set: async (account, value) => void values.set(account, value),
    delete: async (account) => values.delete(account),
    listAccounts: async () => [...values.keys()],
    probe: async () => null,
  }
}
