import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inProcessMain } from '../../support/main-bridge'
import { requireSessionKeyring } from '../../support/keyring'

describe('a connection’s number format', () => {
  const main = inProcessMain()
  beforeAll(requireSessionKeyring)
  afterAll(() => main.cleanup())

  const connection = {
    name: 'Kemang',
    baseUrl: 'https://pos.example.com',
    storeId: 'store-12',
    apiKey: 'key-0123456789',
  }

  it('is this PC’s until chosen, kept by an edit that leaves it out, and can go back to the PC’s', async () => {
    const saved = await main.call('profiles.save', connection)
    expect(saved.numberLocale).toBeNull()
    const chosen = await main.call('profiles.save', {
      ...connection,
      id: saved.id,
      numberLocale: 'id-ID',
    })
    expect(chosen.numberLocale).toBe('id-ID')
    await main.call('profiles.save', { ...connection, id: saved.id, name: 'Kemang shop' })
    expect((await main.call('profiles.list')).profiles[0]).toMatchObject({
      name: 'Kemang shop',
      numberLocale: 'id-ID',
    })
    await main.call('profiles.save', { ...connection, id: saved.id, numberLocale: null })
    expect((await main.call('profiles.list')).profiles[0]!.numberLocale).toBeNull()
  })

  it('refuses what is not a locale, saving nothing', async () => {
    const result = await main.services.dispatch('profiles.save', {
      ...connection,
      name: 'Broken',
      numberLocale: 'dots and commas',
    })
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        details: ['numberLocale: Choose a number format such as id-ID or en-US'],
      },
    })
    expect((await main.call('profiles.list')).profiles.map((p) => p.name)).not.toContain('Broken')
  })
})
