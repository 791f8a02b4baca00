import { describe, expect, it } from 'vitest'
import { withAnswerLost, type TcpProxy } from './tcp-proxy'

/** A proxy whose armed loss is met when the test says so. */
function fakeProxy() {
  let meet: (() => void) | null = null
  const proxy: TcpProxy = {
    port: 0,
    loseNextCommitAnswer: () => new Promise<void>((resolve) => (meet = resolve)),
    keepAnswers: () => (meet = null),
    cutAll: () => {},
    setOffline: () => {},
    accepted: () => 0,
    close: async () => {},
  }
  return { proxy, armed: () => meet !== null, meet: () => meet?.() }
}

describe('withAnswerLost', () => {
  it('returns only once the server has answered the commit, though the client failed at once', async () => {
    const fake = fakeProxy()
    let settled = false
    const run = withAnswerLost(fake.proxy, () => Promise.reject(new Error('cut')), 5_000).catch(
      () => (settled = true),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)
    fake.meet()
    await run
    expect(settled).toBe(true)
  })

  it('gives up after its patience when no commit came, leaving no loss armed', async () => {
    const fake = fakeProxy()
    await expect(withAnswerLost(fake.proxy, async () => 'read only', 20)).resolves.toBe('read only')
    expect(fake.armed()).toBe(false)
  })
})
