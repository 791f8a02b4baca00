import { describe, expect, it } from 'vitest'
import { failureText } from '../../../../../src-renderer/ui/screens/day-close/failure-text'

class WordedError extends Error {}

describe('what a person reads when saving failed', () => {
  it('a refusal Till words itself stands as it is', () => {
    expect(failureText(new WordedError('The session is closed.'), WordedError, 'save')).toBe(
      'The session is closed.',
    )
  })

  it('any other error says what Till could not do, and why', () => {
    expect(failureText(new TypeError('disk full'), WordedError, 'save the count')).toBe(
      'Till could not save the count: disk full',
    )
    expect(failureText('aborted', WordedError, 'record the movement')).toBe(
      'Till could not record the movement: aborted',
    )
  })
})
