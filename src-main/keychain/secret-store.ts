import { KeychainUnavailableError } from '../till-errors'
import { Secret } from '../logging/secret'

/** The few keytar calls Till uses; injected so tests and the browser shell share one path. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

/** The OS keychain as Till sees it: named secrets under one service name. */
export interface SecretStore {
  get(account: string): Promise<Secret | null>
  set(account: string, value: string): Promise<void>
  delete(account: string): Promise<boolean>
  listAccounts(): Promise<string[]>
  /** Null when usable; otherwise what is missing and how to fix it. */
  probe(): Promise<string | null>
}

const DEFAULT_KEYCHAIN_SERVICE = 'till'

export function keychainServiceName(env: NodeJS.ProcessEnv = process.env): string {
  return env.TILL_KEYCHAIN_SERVICE?.trim() || DEFAULT_KEYCHAIN_SERVICE
}

function howToFixKeychain(platform: NodeJS.Platform, cause: string): string {
  switch (platform) {
    case 'darwin':
      return `The macOS Keychain refused access (${cause}). Open Keychain Access, unlock the login keychain, then try again.`
    case 'win32':
      return `Windows Credential Manager is not available (${cause}). Sign in to Windows with your own account, then try again.`
    default:
      return (
        `No unlocked keyring was found (${cause}). Till keeps your API key only in the system keyring, never in a file. ` +
        'Install and unlock a Secret Service keyring — on Debian or Ubuntu: sudo apt install gnome-keyring libsecret-1-0 — ' +
        'then log out and back in (or start it with gnome-keyring-daemon --unlock --components=secrets) and try again.'
      )
  }
}

/**
 * keytar would not load: npm install could not build it (it is an optional dependency, so the
 * install goes on without it and leaves it out of node_modules, where `npm install` puts it back;
 * `npm rebuild keytar` finds nothing to rebuild), most often for want of libsecret's development
 * files on Linux. One that is there but will not load is rebuilt.
 */
export function howToFixKeychainModule(platform: NodeJS.Platform, error: unknown): string {
  const notBuilt = (error as NodeJS.ErrnoException | null)?.code === 'MODULE_NOT_FOUND'
  const cause = error instanceof Error ? error.message.split('\n')[0] : String(error)
  const what = notBuilt
    ? "Till's keychain module (keytar) is not built on this machine."
    : `Till's keychain module (keytar) could not load (${cause}).`
  const install =
    platform === 'linux'
      ? 'On Debian or Ubuntu run sudo apt install libsecret-1-dev build-essential python3 (Fedora: sudo dnf install libsecret-devel gcc-c++ make python3), then '
      : 'Run '
  const repair = notBuilt ? 'npm install' : 'npm rebuild keytar'
  return `${what} ${install}${repair} in Till's folder, and start Till again.`
}

/** Wraps keytar: every failure becomes a KeychainUnavailableError saying what to do. */
export function createKeychainSecretStore(
  loadKeytar: () => KeytarLike,
  service: string = DEFAULT_KEYCHAIN_SERVICE,
  platform: NodeJS.Platform = process.platform,
): SecretStore {
  const guard = async <T>(work: (keytar: KeytarLike) => Promise<T>): Promise<T> => {
    let keytar: KeytarLike
    try {
      keytar = loadKeytar()
    } catch (error) {
      throw new KeychainUnavailableError(howToFixKeychainModule(platform, error), undefined, {
        cause: error,
      })
    }
    try {
      return await work(keytar)
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error)
      throw new KeychainUnavailableError(howToFixKeychain(platform, cause), undefined, {
        cause: error,
      })
    }
  }
  /**
   * Each account's secret (or its absence) once read or written. Main needs the API key for every
   * Apps API request, and each keychain read costs native memory libsecret never gives back
   * (about 1 KB a call, measured): read per request, that grew main 86 to 134 MB an hour.
   */
  const known = new Map<string, Secret | null>()
  /** Counts changes as they start and end, so a read that overlapped one does not cache. */
  let changes = 0
  return {
    get: async (account) => {
      const cached = known.get(account)
      if (cached !== undefined) return cached
      const before = changes
      const value = await guard(async (k) => {
        const password = await k.getPassword(service, account)
        return password === null ? null : new Secret(password)
      })
      if (changes === before) known.set(account, value)
      return value
    },
    set: async (account, value) => {
      changes++
      known.delete(account)
      try {
        await guard((k) => k.setPassword(service, account, value))
        known.set(account, new Secret(value))
      } finally {
        changes++
      }
    },
    delete: async (account) => {
      changes++
      known.delete(account)
      try {
        const deleted = await guard((k) => k.deletePassword(service, account))
        known.set(account, null)
        return deleted
      } finally {
        changes++
      }
    },
    listAccounts: () =>
      guard(async (k) => (await k.findCredentials(service)).map((c) => c.account)),
    probe: async () => {
      try {
        await guard((k) => k.findCredentials(service))
        return null
      } catch (error) {
        return (error as Error).message
      }
    },
  }
}
