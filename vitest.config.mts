import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where every
    // file then ran in turn while many wait on PostgreSQL, bean-check or a child process. Two
    // there took test/src-main from 98 to 56 s (three: 52 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
