import { afterAll, describe, expect, it } from 'vitest'
import { inProcessMain } from '../../support/main-bridge'

/**
 * A Store ID or API key goes into request headers: a CR/LF in one could start a header of its
 * own, so the bridge refuses it and says which field and where (issue 27, 7).
 */
describe('control characters in a connection’s identifiers and secrets', () => {
  const main = inProcessMain()
  afterAll(() => main.cleanup())

  const connection = {
    name: 'High street',
    baseUrl: 'https://pos.example.com',
    storeId: 'store-77',
    apiKey: 'key-0123456789',
    webhookSecret: 'whsec_HighStreet01',
  }

  const refusal = async (channel: 'profiles.save' | 'connection.test', input: object) => {
    const result = await main.services.dispatch(channel, input)
    return result.ok ? null : result.error
  }

  it('refuses CR, LF, tab and NUL inside the Store ID, API key or signing secret, saving nothing', async () => {
    expect(
      await refusal('profiles.save', { ...connection, storeId: 'store-77\r\nX-Evil: 1' }),
    ).toMatchObject({
      kind: 'validation',
      details: [
        'storeId: The Store ID holds a control character (U+000D, such as a line break or tab) at character 9; type or paste it again without it.',
      ],
    })
    expect(
      await refusal('profiles.save', { ...connection, apiKey: 'key-01\n23456789' }),
    ).toMatchObject({
      details: [
        'apiKey: The API key holds a control character (U+000A, such as a line break or tab) at character 7; type or paste it again without it.',
      ],
    })
    expect(
      await refusal('profiles.save', { ...connection, webhookSecret: 'whsec_High\tStreet' }),
    ).toMatchObject({
      details: [
        'webhookSecret: The webhook signing secret holds a control character (U+0009, such as a line break or tab) at character 11; type or paste it again without it.',
      ],
    })
    expect(
      await refusal('connection.test', {
        baseUrl: 'https://pos.example.com',
        storeId: 'store\u000077',
        apiKey: 'key\u0085x',
      }),
    ).toMatchObject({
      details: [
        'storeId: The Store ID holds a control character (U+0000, such as a line break or tab) at character 6; type or paste it again without it.',
        'apiKey: The API key holds a control character (U+0085, such as a line break or tab) at character 4; type or paste it again without it.',
      ],
    })
    expect((await main.call('profiles.list')).profiles).toEqual([])
  })

  it('still takes a value pasted with a line break at its end, without the break', async () => {
    const saved = await main.call('profiles.save', {
      ...connection,
      storeId: 'store-77\r\n',
      apiKey: 'key-0123456789\n',
    })
    expect(saved).toMatchObject({ storeId: 'store-77', apiKey: { set: true, last4: '6789' } })
  })
})
