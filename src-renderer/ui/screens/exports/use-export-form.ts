import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { TillDatabase } from '../../../cache/database'
import {
  FIRST_CHOICES,
  keepExportChoices,
  keptExportChoices,
  type ExportChoices,
} from '../../../cache/export-choices'
import type { Destination } from '../../../cache/export-rows'
import { offeredRange } from '../../../jobs/exports/offered-range'
import { presetRange } from '../../../jobs/exports/preset-range'
import { firstDayOfWeek } from '../../../domain/format/week-start'

/** The journal destination the form starts on before anything was chosen. */
const FIRST_CHOICE = 'journal-csv'

export interface ExportForm {
  /** The destination's id, or a CSV table's name. */
  choice: string
  choices: ExportChoices
  /** The range the choices stand for now; '' while it is being worked out or there is none. */
  from: string
  to: string
  /** Another destination or table: its own last choices come back. */
  chooseDestination(choice: string): void
  /** New choices for the destination chosen. */
  choose(choices: ExportChoices): void
}

interface Made {
  last: string | null
  byChoice: Record<string, ExportChoices>
}

/**
 * The Exports form's choices, per destination, kept in the cache (leaving the screen or
 * restarting Till loses none), and the range they stand for, worked out live (the offered range
 * and the presets move as days close and exports are made). `onChange` hears of every choice
 * the bookkeeper makes.
 */
export function useExportForm(
  db: TillDatabase,
  destinations: readonly Destination[] | undefined,
  timeZone: string,
  onChange: () => void,
): ExportForm {
  const kept = useLiveQuery(() => keptExportChoices(db), [db])
  // Choices made on this screen, shown at once, before the cache has them back.
  const [made, setMade] = useState<Made>({ last: null, byChoice: {} })
  const choice = made.last ?? kept?.last ?? FIRST_CHOICE
  const choicesOf = (c: string): ExportChoices =>
    made.byChoice[c] ?? kept?.byChoice[c] ?? FIRST_CHOICES
  const choices = choicesOf(choice)
  const destination = destinations?.find((d) => d.id === choice)
  const { locationId, range } = choices

  const worked = useLiveQuery(
    () =>
      range.mode === 'preset'
        ? presetRange(db, range.preset, locationId, Date.now(), timeZone, firstDayOfWeek())
        : range.mode === 'offered'
          ? offeredRange(db, destination, locationId, Date.now())
          : null,
    [db, destination, locationId, range, timeZone],
  )
  const shown = range.mode === 'custom' ? range : worked

  const keep = (next: string, nextChoices: ExportChoices): void => {
    setMade((before) => ({ last: next, byChoice: { ...before.byChoice, [next]: nextChoices } }))
    onChange()
    // Choices the cache cannot keep (a date half typed) still hold on this screen.
    keepExportChoices(db, next, nextChoices).catch(() => undefined)
  }

  return {
    choice,
    choices,
    from: kept ? (shown?.from ?? '') : '',
    to: kept ? (shown?.to ?? '') : '',
    chooseDestination: (next) => keep(next, choicesOf(next)),
    choose: (next) => keep(choice, next),
  }
}
