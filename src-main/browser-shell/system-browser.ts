import { spawn } from 'node:child_process'

/**
 * The program and arguments that open `url` in the system browser. The URL is one argument of
 * its own and no shell reads it: on Windows `rundll32` hands it to the URL protocol handler,
 * where `cmd /c start` would have read `&`, `^` and `"` in it as commands.
 */
function systemBrowserCommand(
  url: string,
  platform: NodeJS.Platform,
): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] }
  if (platform === 'win32')
    return { command: 'rundll32.exe', args: ['url.dll,FileProtocolHandler', url] }
  return { command: 'xdg-open', args: [url] }
}

/** What opening a browser needs from the system: tests pass their own. */
export interface BrowserLauncher {
  spawn: typeof spawn
  platform: NodeJS.Platform
}

/** Opens a URL the caller has checked; a missing opener is no error (the address is printed). */
export function openInSystemBrowser(
  url: string,
  launcher: BrowserLauncher = { spawn, platform: process.platform },
): Promise<void> {
  const { command, args } = systemBrowserCommand(url, launcher.platform)
  const child = launcher.spawn(command, args, { stdio: 'ignore', detached: true, shell: false })
  child.on('error', () => undefined)
  child.unref()
  return Promise.resolve()
}
