import type { ScheduledExportSettings } from '../../../../src-shared/bridge/contract'

type Trigger = ScheduledExportSettings['trigger']

/** When the scheduled export runs: after each register session closes, or nightly at a time. */
export function ScheduleTriggerField({
  id,
  trigger,
  onChange,
}: {
  id: string
  trigger: Trigger
  onChange: (trigger: Trigger) => void
}): React.JSX.Element {
  return (
    <fieldset>
      <legend>When</legend>
      <label>
        <input
          type="radio"
          name={`${id}-trigger`}
          checked={trigger.kind === 'session-close'}
          onChange={() => onChange({ kind: 'session-close' })}
        />{' '}
        After a register session closes
      </label>{' '}
      <label>
        <input
          type="radio"
          name={`${id}-trigger`}
          checked={trigger.kind === 'nightly'}
          onChange={() => onChange({ kind: 'nightly', time: '23:30' })}
        />{' '}
        Nightly
      </label>
      {trigger.kind === 'nightly' && (
        <>
          {' '}
          <label htmlFor={`${id}-time`}>at</label>{' '}
          <input
            id={`${id}-time`}
            type="time"
            value={trigger.time}
            onChange={(e) => onChange({ kind: 'nightly', time: e.target.value })}
          />
        </>
      )}
    </fieldset>
  )
}
