import { createServer } from 'node:net'
import { expect, it } from 'vitest'
import { freePort, startTestPostgres } from './postgres'

it('fails at once, in PostgreSQL’s own words, when the server cannot start', async () => {
  const port = await freePort()
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve))
  try {
    // Before, the promise never settled: each test file waited out its hook's timeout, wordless.
    await expect(startTestPostgres({ port })).rejects.toThrow(
      /postgres ended .*before it was ready[\s\S]*could not bind/,
    )
  } finally {
    taken.close()
  }
}, 60_000)
