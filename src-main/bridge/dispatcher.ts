import type { z } from 'zod'
import {
  channels,
  isChannelName,
  type ChannelName,
  type ChannelOutput,
  type ChannelParsedInput,
} from '../../src-shared/bridge/contract'
import type { BridgeResult } from '../../src-shared/bridge/bridge-errors'
import { InternalError, UnknownChannelError, ValidationError, toBridgeError } from '../till-errors'
import type { Logger } from '../logging/logger'

type ChannelHandler<C extends ChannelName> = (
  input: ChannelParsedInput<C>,
) => Promise<ChannelOutput<C>>
export type ChannelHandlers = { [C in ChannelName]: ChannelHandler<C> }

export type Dispatch = (channel: string, input: unknown) => Promise<BridgeResult<unknown>>

function issues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(input)'}: ${issue.message}`)
}

/**
 * The one way into main: checks the channel, validates the input, runs the handler and validates
 * its output before it leaves. Every failure becomes a typed value; nothing throws to a shell.
 */
export function createDispatcher(handlers: ChannelHandlers, log: Logger): Dispatch {
  return async (channel, input) => {
    try {
      if (!isChannelName(channel))
        throw new UnknownChannelError(`Till has no channel “${String(channel).slice(0, 80)}”.`)
      const { input: inputSchema, output: outputSchema } = channels[channel]
      const parsedInput = inputSchema.safeParse(input)
      if (!parsedInput.success) {
        throw new ValidationError(
          'Some of the information sent is not valid.',
          issues(parsedInput.error),
        )
      }
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>
      const output = await handler(parsedInput.data)
      const parsedOutput = outputSchema.safeParse(output)
      if (!parsedOutput.success) {
        log.error('handler output broke its schema', {
          channel,
          issues: issues(parsedOutput.error),
        })
        throw new InternalError(
          'Till produced an answer it could not check. The details are in the log.',
        )
      }
      return { ok: true, value: parsedOutput.data }
    } catch (error) {
      const bridgeError = toBridgeError(error)
      if (bridgeError.kind === 'internal' && !(error instanceof InternalError)) {
        log.error('handler failed', { channel, error })
      }
      return { ok: false, error: bridgeError }
    }
  }
}
