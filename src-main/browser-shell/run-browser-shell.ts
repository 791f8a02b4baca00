import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createKeychainSecretStore, keychainServiceName } from '../keychain/secret-store'
import { loadKeytar } from '../keychain/load-keytar'
import { addLogSink, stderrLogSink } from '../logging/logger'
import { resolveDataDir } from '../platform/data-dir'
import { createServices } from '../services'
import { DEFAULT_BROWSER_SHELL_PORT, startBrowserShellServer } from './server'
import { openInSystemBrowser } from './system-browser'
import { version } from '../../package.json'

/** The browser shell: main's services in plain Node, the app served on 127.0.0.1. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'no-open': { type: 'boolean', default: false } },
  })
  const port = values.port === undefined ? DEFAULT_BROWSER_SHELL_PORT : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535, not “${values.port}”.`)
    process.exit(2)
  }
  addLogSink(stderrLogSink)
  const services = createServices({
    dataDir: resolveDataDir(),
    secrets: createKeychainSecretStore(loadKeytar, keychainServiceName()),
    shell: 'browser',
    version,
    openExternal: openInSystemBrowser,
  })
  await services.start()
  const shell = await startBrowserShellServer({
    port,
    rendererDir: join(__dirname, '../renderer'),
    token: randomBytes(24).toString('base64url'),
    dispatch: services.dispatch,
    events: services.events,
    log: services.log.child('browser-shell'),
  })
  process.stdout.write(
    'Till is running in your browser at the address below. It signs in the first browser that\n' +
      'opens it, once; for another browser, restart Till for a new address.\n' +
      `${shell.url}\n`,
  )
  if (!values['no-open']) await openInSystemBrowser(shell.url)
  const stop = (): void => {
    void Promise.all([shell.close(), services.stop()]).then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code
  console.error(
    code === 'EADDRINUSE'
      ? 'That port is in use: is Till already running? Use --port to pick another.'
      : error,
  )
  process.exit(1)
})
