import { describe, expect, it, vi } from 'vitest'
import { channelNames, channels, type ChannelName } from '../../../src-shared/bridge/contract'
import { createDispatcher, type ChannelHandlers } from '../../../src-main/bridge/dispatcher'
import { AuthError } from '../../../src-main/till-errors'
import { createLogger } from '../../../src-main/logging/logger'

const log = createLogger('test')

/** Handlers that would answer anything; the dispatcher must stop bad calls before them. */
function recordingHandlers(answer: unknown = {}): { handlers: ChannelHandlers; calls: string[] } {
  const calls: string[] = []
  const handlers = Object.fromEntries(
    channelNames.map((name) => [
      name,
      async () => {
        calls.push(name)
        return answer
      },
    ]),
  ) as unknown as ChannelHandlers
  return { handlers, calls }
}

const MALFORMED_INPUTS: unknown[] = [42, 'text', [1, 2], { id: 7, name: { nested: true } }, null]

describe('bridge dispatcher', () => {
  it('answers an unknown channel with a typed error and calls nothing', async () => {
    const { handlers, calls } = recordingHandlers()
    const dispatch = createDispatcher(handlers, log)
    for (const name of ['nope', '__proto__', 'constructor', 'profiles.list ', '']) {
      const result = await dispatch(name, undefined)
      expect(result).toMatchObject({ ok: false, error: { kind: 'unknown_channel' } })
    }
    expect(calls).toEqual([])
  })

  it.each(channelNames)(
    'rejects malformed input for %s before its handler runs',
    async (channel) => {
      const { handlers, calls } = recordingHandlers()
      const dispatch = createDispatcher(handlers, log)
      for (const input of MALFORMED_INPUTS) {
        if (channels[channel].input.safeParse(input).success) continue
        const result = await dispatch(channel, input)
        expect(result.ok).toBe(false)
        if (!result.ok) {
          expect(result.error.kind).toBe('validation')
          expect(result.error.details?.length).toBeGreaterThan(0)
        }
      }
      expect(calls).toEqual([])
    },
  )

  it('catches a handler answer that breaks the output schema', async () => {
    const { handlers } = recordingHandlers({ surprise: 'not the contract' })
    const dispatch = createDispatcher(handlers, log)
    const result = await dispatch('app.info', undefined)
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
  })

  it('passes valid input through and returns the validated output', async () => {
    const { handlers } = recordingHandlers()
    const handler = vi.fn(async (input: { id: string }) => ({ id: input.id }))
    handlers['profiles.delete'] = handler
    const dispatch = createDispatcher(handlers, log)
    expect(await dispatch('profiles.delete', { id: 'shop-1' })).toEqual({
      ok: true,
      value: { id: 'shop-1' },
    })
    expect(handler).toHaveBeenCalledWith({ id: 'shop-1' })
  })

  it('turns a named error into its kind and hides an unexpected one', async () => {
    const { handlers } = recordingHandlers()
    handlers['profiles.list'] = async () => {
      throw new AuthError('The service refused the API key.')
    }
    handlers['app.info'] = async () => {
      throw new TypeError('secret internals at /home/someone')
    }
    const dispatch = createDispatcher(handlers, log)
    expect(await dispatch('profiles.list', undefined)).toEqual({
      ok: false,
      error: { kind: 'auth', message: 'The service refused the API key.' },
    })
    const hidden = await dispatch('app.info', undefined)
    expect(hidden).toMatchObject({ ok: false, error: { kind: 'internal' } })
    expect(JSON.stringify(hidden)).not.toContain('/home/someone')
  })

  it('validates saved-profile input with reasons a person can act on', async () => {
    const { handlers } = recordingHandlers()
    const dispatch = createDispatcher(handlers, log)
    const result = await dispatch('profiles.save' satisfies ChannelName, {
      name: '',
      baseUrl: 'ftp://x',
      storeId: '',
      webhookSecret: 'nope',
    })
    expect(result.ok).toBe(false)
    const details = result.ok ? [] : (result.error.details ?? [])
    expect(details.join('\n')).toMatch(/name: Give the connection a name/)
    expect(details.join('\n')).toMatch(/baseUrl: The service URL must start with http/)
    expect(details.join('\n')).toMatch(/webhookSecret: A webhook signing secret begins with whsec_/)
  })
})
