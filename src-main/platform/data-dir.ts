import { homedir } from 'node:os'
import { join } from 'node:path'

const PRODUCT_NAME = 'Till'

/**
 * Where main keeps settings, profiles, the webhook queue and logs: Electron's userData folder for
 * the product, which the browser shell computes the same way so both shells share one folder.
 * `TILL_DATA_DIR` overrides it (tests, automation).
 */
export function resolveDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.TILL_DATA_DIR?.trim()) return env.TILL_DATA_DIR.trim()
  const home = homedir()
  switch (platform) {
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME)
    case 'darwin':
      return join(home, 'Library', 'Application Support', PRODUCT_NAME)
    default:
      return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), PRODUCT_NAME)
  }
}
