import { defineConfig } from '@playwright/test'
import base from './playwright.config'

/**
 * The soak (test/soak): one long run through the browser shell with the e2e project's browser
 * settings: 20 minutes (`npm run soak` and `npm test`), `TILL_SOAK_SECONDS` sets any length.
 */
export default defineConfig({
  ...base,
  testDir: 'test/soak',
  testMatch: '*.spec.ts',
  outputDir: 'test-results/soak',
  timeout: 30 * 60_000,
})
