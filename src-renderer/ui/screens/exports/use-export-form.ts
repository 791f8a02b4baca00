import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { TillDatabase } from '../../../cache/database'
import {
  FIRST_CHOICES,
  keepExportChoices,
  lastExportChoice,
  readExportChoices,
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
  /** New choices for this destination, kept; `onChange` is told (an old outcome goes). */
  choose(choices: ExportChoices): void
}

/**
 * The Exports form's choices: per destination, kept in the cache (leaving the screen or
 * restarting Till loses none), and the range they stand for, worked out live (the offered range
 * and the presets move as days close and exports are made).
 */
export function useExportForm(
  db: TillDatabase,
  destinations: readonly Destination[] | undefined,
  timeZone: string,
  onChange: () => void,
): ExportForm {
  const [form, setForm] = useState<{ choice: string; choices: ExportChoices } | null>(null)

  useEffect(() => {
    let cancelled = false
    void (async () => {
      const choice = (await lastExportChoice(db)) ?? FIRST_CHOICE
      const choices = await readExportChoices(db, choice)
      if (!cancelled) setForm((shown) => shown ?? { choice, choices })
    })()
    return () => {
      cancelled = true
    }
  }, [db])

  const choice = form?.choice ?? FIRST_CHOICE
  const choices = form?.choices ?? FIRST_CHOICES
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

  const keep = (next: { choice: string; choices: ExportChoices }): void => {
    setForm(next)
    onChange()
    // A choice that cannot be kept still holds on this screen; it is the next one's to keep.
    keepExportChoices(db, next.choice, next.choices).catch(() => undefined)
  }

  return {
    choice,
    choices,
    from: form ? (shown?.from ?? '') : '',
    to: form ? (shown?.to ?? '') : '',
    chooseDestination(next) {
      void readExportChoices(db, next).then((kept) => keep({ choice: next, choices: kept }))
    },
    choose(next) {
      keep({ choice, choices: next })
    },
  }
}
