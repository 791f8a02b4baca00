import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

/**
 * Drives the real app through the browser shell. Where Playwright's own Chromium is not
 * installed (machines that cannot download it), Debian's Chromium is used instead.
 */
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
)
const executablePath =
  process.env.TILL_CHROMIUM ??
  (process.env.TILL_USE_PLAYWRIGHT_CHROMIUM ? undefined : systemChromium)

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Beside the soak's (test-results/soak): each run clears its own output folder when it starts,
  // and `npm test` starts this one while the soak is running.
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
})
