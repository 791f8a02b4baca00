import { describe, expect, it } from 'vitest'
import { StageClock } from '../../../../src-renderer/sync/tables/stage-clock'

/** Stages timed by a clock the test moves by hand (`clock.at`). */
function handClockedStages() {
  let time = 0
  const clock = {
    now: () => time,
    at: (ms: number) => {
      time = ms
    },
  }
  return { clock, stages: new StageClock(clock.now) }
}

describe('stage busy time', () => {
  it('counts overlapping work of one stage once: the union of its intervals', () => {
    const { clock, stages } = handClockedStages()
    // Detail calls over [0, 10], [5, 20] and [30, 40]: busy 20 + 10 ms, not 10 + 15 + 10.
    const first = stages.begin('details')
    clock.at(5)
    const second = stages.begin('details')
    clock.at(10)
    first()
    clock.at(20)
    second()
    clock.at(30)
    const third = stages.begin('details')
    clock.at(40)
    third()
    clock.at(100)
    expect(stages.times()).toEqual({ listing: 0, details: 30, commit: 0 })
  })

  it('keeps stages apart: one stage busy does not make another one busy', () => {
    const { clock, stages } = handClockedStages()
    const listing = stages.begin('listing')
    clock.at(4)
    const commit = stages.begin('commit')
    clock.at(6)
    listing()
    clock.at(16)
    commit()
    expect(stages.times()).toEqual({ listing: 6, details: 0, commit: 12 })
  })

  it('ends a piece of work once, however often its end is called', () => {
    const { clock, stages } = handClockedStages()
    const first = stages.begin('commit')
    const second = stages.begin('commit')
    clock.at(3)
    first()
    first()
    // Still busy: the second write is open, a repeated end of the first must not close it.
    clock.at(8)
    expect(stages.times().commit).toBe(8)
    second()
    clock.at(20)
    expect(stages.times().commit).toBe(8)
  })

  it('counts work still under way up to now', () => {
    const { clock, stages } = handClockedStages()
    clock.at(10)
    stages.begin('listing')
    clock.at(25)
    expect(stages.times().listing).toBe(15)
  })

  it('times a piece of work that fails, until it fails', async () => {
    const { clock, stages } = handClockedStages()
    await expect(
      stages.time('details', async () => {
        clock.at(7)
        throw new Error('offline')
      }),
    ).rejects.toThrow('offline')
    clock.at(50)
    expect(stages.times().details).toBe(7)
  })
})
