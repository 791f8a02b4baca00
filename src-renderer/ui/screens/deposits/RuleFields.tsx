import type { BankRule } from '../../../deposits'

/** Checkboxes for a rule's methods or locations; none ticked reads "any". */
function Choices({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string
  options: readonly (readonly [string, string])[]
  chosen: string[]
  onChange(chosen: string[]): void
}): React.JSX.Element {
  return (
    <fieldset>
      <legend>{legend} (none ticked: any)</legend>
      {options.map(([id, name]) => (
        <label key={id} className="choice">
          <input
            type="checkbox"
            checked={chosen.includes(id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, id] : chosen.filter((c) => c !== id))
            }
          />
          {name}
        </label>
      ))}
    </fieldset>
  )
}

/** A rule's words, methods and locations, as a person edits them. */
export function RuleFields({
  rule,
  methods,
  locations,
  onChange,
}: {
  rule: BankRule
  methods: readonly (readonly [string, string])[]
  locations: readonly (readonly [string, string])[]
  onChange(rule: BankRule): void
}): React.JSX.Element {
  return (
    <>
      <label className="field">
        Lines whose text contains
        <input
          value={rule.contains}
          onChange={(e) => onChange({ ...rule, contains: e.target.value })}
        />
      </label>
      <Choices
        legend="pay takings of"
        options={methods}
        chosen={rule.methods}
        onChange={(chosen) => onChange({ ...rule, methods: chosen })}
      />
      <Choices
        legend="at"
        options={locations}
        chosen={rule.locationIds}
        onChange={(chosen) => onChange({ ...rule, locationIds: chosen })}
      />
    </>
  )
}
