import { z } from 'zod'
import { RANGE_PRESETS } from '../domain/journal/range-presets'
import type { TillDatabase } from './database'

/**
 * The Exports form's last choices, kept in the cache so leaving the screen or restarting Till
 * loses none: which destination (or CSV table) it exported to last, and for each one the
 * location and how its range is chosen. The granularity is the destination's own setting.
 */

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

const choicesSchema = z.object({
  locationId: z.string().max(200),
  range: z.discriminatedUnion('mode', [
    /** What the destination does not hold yet, up to the last closed day. */
    z.object({ mode: z.literal('offered') }),
    z.object({ mode: z.literal('preset'), preset: z.enum(RANGE_PRESETS) }),
    z.object({ mode: z.literal('custom'), from: date, to: date }),
  ]),
})

export type ExportChoices = z.infer<typeof choicesSchema>
export type RangeChoice = ExportChoices['range']

export const FIRST_CHOICES: ExportChoices = { locationId: '', range: { mode: 'offered' } }

/** The destination or CSV table the form chose last; null before the first choice. */
export async function lastExportChoice(db: TillDatabase): Promise<string | null> {
  const kept = (await db.meta.get('export-form'))?.value
  return typeof kept === 'string' && kept !== '' ? kept : null
}

/** The form's last choices for a destination or table; the first ones where none are kept. */
export async function readExportChoices(db: TillDatabase, choice: string): Promise<ExportChoices> {
  const kept = (await db.meta.get(`export-choices:${choice}`))?.value
  if (typeof kept !== 'string') return FIRST_CHOICES
  try {
    const parsed = choicesSchema.safeParse(JSON.parse(kept))
    return parsed.success ? parsed.data : FIRST_CHOICES
  } catch {
    return FIRST_CHOICES
  }
}

/** Keeps the choices made for a destination or table, and that it was the one chosen last. */
export async function keepExportChoices(
  db: TillDatabase,
  choice: string,
  choices: ExportChoices,
): Promise<void> {
  await db.meta.bulkPut([
    { key: 'export-form', value: choice },
    { key: `export-choices:${choice}`, value: JSON.stringify(choicesSchema.parse(choices)) },
  ])
}
