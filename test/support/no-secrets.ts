import type { SecretStore } from '../../src-main/keychain/secret-store'

/** A keychain that holds nothing, for main's services where no channel under test needs one. */
export const noSecrets: SecretStore = {
  get: async () => null,
  set: async () => undefined,
  delete: async () => false,
  listAccounts: async () => [],
  probe: async () => null,
}
