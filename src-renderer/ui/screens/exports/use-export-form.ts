import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import {
  FIRST_CHOICES,
  keepExportChoices,
  keptExportChoices,
  type ExportChoices,
} from '../../../exports'
import type { Destination } from '../../../exports'
import { offeredRange } from '../../../exports'
import { presetRange } from '../../../exports'
import { firstDayOfWeek } from '../../../format/week-start'
import { exportBatches } from '../../../exports'
import { sessionsWritten } from '../../../sessions'
import { useRecomputed } from '../../hooks/use-recomputed'

/** The journal destination the form starts on before anything was chosen. */
const FIRST_CHOICE = 'journal-csv'

export interface ExportForm {
  /** The kept choices have been read: until then the form shows defaults a choice would not stick to. */
  ready: boolean
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
 * restarting Till loses none), and the range they stand for (the offered range and the presets
 * move as days close and exports are made). The range is worked out again when the choices, the
 * batches or the sessions change, not in a live query every sale would re-run (see "Screens" in
 * docs/architecture.md). `onChange` hears of every choice the bookkeeper makes.
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

  const batchesChange = useLiveQuery(() => exportBatches(db), [db])?.length
  const sessionsChange = useLiveQuery(() => sessionsWritten(db), [db])
  // What the choices stand for, with the choices it was worked out for: until the range of newly
  // made choices is worked out, the last one's dates are not shown as theirs.
  const workedFor = JSON.stringify([choice, locationId, range])
  const worked = useRecomputed(
    async () => ({
      workedFor,
      range: await workedRange(db, destination, locationId, range, timeZone),
    }),
    [db, destination, workedFor, timeZone, batchesChange, sessionsChange],
  )
  const shown =
    range.mode === 'custom' ? range : worked?.workedFor === workedFor ? worked.range : null

  const keep = (next: string, nextChoices: ExportChoices): void => {
    setMade((before) => ({ last: next, byChoice: { ...before.byChoice, [next]: nextChoices } }))
    onChange()
    // Choices the cache cannot keep (a date half typed) still hold on this screen.
    keepExportChoices(db, next, nextChoices).catch(() => undefined)
  }

  return {
    ready: kept !== undefined,
    choice,
    choices,
    from: kept ? (shown?.from ?? '') : '',
    to: kept ? (shown?.to ?? '') : '',
    chooseDestination: (next) => keep(next, choicesOf(next)),
    choose: (next) => keep(choice, next),
  }
}

/** The range choices other than typed dates stand for now. */
async function workedRange(
  db: TillDatabase,
  destination: Destination | undefined,
  locationId: string,
  range: ExportChoices['range'],
  timeZone: string,
): Promise<{ from: string; to: string } | null> {
  const now = Date.now()
  if (range.mode === 'preset')
    return presetRange(db, range.preset, locationId, now, timeZone, firstDayOfWeek())
  if (range.mode === 'offered') return offeredRange(db, destination, locationId, now)
  return null
}
