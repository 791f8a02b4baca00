import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { channelNames, channels } from '../../../src-shared/bridge/contract'
import { bridgeResult } from '../../../src-shared/bridge/bridge-errors'
import { createDispatcher, type ChannelHandlers } from '../../../src-main/bridge/dispatcher'
import { AuthError, NetworkError, ServiceError } from '../../../src-main/till-errors'
import { createLogger } from '../../../src-main/logging/logger'
import { checkProperty } from '../../support/fuzz-settings'

const log = createLogger('fuzz')

/** What a handler does when called: answer anything, throw anything, or throw a named error. */
const handlerBehaviour = fc.oneof(
  fc.record({ answers: fc.anything() }),
  fc.record({ throws: fc.anything() }),
  fc.record({
    throws: fc.constantFrom(
      new AuthError('key refused'),
      new NetworkError('no route'),
      new ServiceError('500', ['detail']),
      new TypeError('x is undefined'),
    ),
  }),
)

const channel = fc.oneof(
  fc.constantFrom(...channelNames),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', `${channelNames[0]} `),
)
const input = fc.oneof(fc.anything(), fc.jsonValue(), fc.constant(undefined))

describe('bridge dispatcher under fuzzing', () => {
  it('answers any channel name and input with a result value, never a throw', async () => {
    await checkProperty(
      fc.asyncProperty(channel, input, handlerBehaviour, async (name, given, behaviour) => {
        const calls: unknown[] = []
        const handlers = Object.fromEntries(
          channelNames.map((n) => [
            n,
            async (parsed: unknown) => {
              calls.push(parsed)
              if ('throws' in behaviour) throw behaviour.throws
              return behaviour.answers
            },
          ]),
        ) as unknown as ChannelHandlers
        const result = await createDispatcher(handlers, log)(name, given)

        expect(bridgeResult.safeParse(result).success).toBe(true)
        const known = (channelNames as string[]).includes(name)
        if (!known) {
          expect(result).toMatchObject({ ok: false, error: { kind: 'unknown_channel' } })
          expect(calls).toEqual([])
          return
        }
        const schemas = channels[name as keyof typeof channels]
        if (!schemas.input.safeParse(given).success) {
          expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } })
          expect(calls).toEqual([])
          return
        }
        expect(calls).toHaveLength(1)
        if (result.ok) expect(schemas.output.safeParse(result.value).success).toBe(true)
        else if ('answers' in behaviour) expect(result.error.kind).toBe('internal')
      }),
      1500,
    )
  })

  it('hands a handler only input its schema accepts', async () => {
    await checkProperty(
      fc.asyncProperty(fc.constantFrom(...channelNames), input, async (name, given) => {
        let handed: unknown = 'not called'
        const handlers = Object.fromEntries(
          channelNames.map((n) => [
            n,
            async (parsed: unknown) => {
              handed = parsed
              return {}
            },
          ]),
        ) as unknown as ChannelHandlers
        await createDispatcher(handlers, log)(name, given)
        if (handed !== 'not called')
          expect(channels[name].input.safeParse(handed).success).toBe(true)
      }),
      1000,
    )
  })
})
