import { z } from 'zod'
import { RANGE_PRESETS } from '../rules/range-presets'
import type { TillDatabase } from '../../database/database'

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

const PREFIX = 'export-choices:'

export const FIRST_CHOICES: ExportChoices = { locationId: '', range: { mode: 'offered' } }

function parsed(kept: string | number): ExportChoices | null {
  try {
    const choices = choicesSchema.safeParse(typeof kept === 'string' ? JSON.parse(kept) : kept)
    return choices.success ? choices.data : null
  } catch {
    return null
  }
}

export interface KeptExportChoices {
  /** The destination or CSV table the form chose last; null before the first choice. */
  last: string | null
  /** By destination id or table name; what cannot be read as choices is left out. */
  byChoice: Record<string, ExportChoices>
}

/** Every destination's and table's kept choices, and which was chosen last. */
export async function keptExportChoices(db: TillDatabase): Promise<KeptExportChoices> {
  const byChoice: Record<string, ExportChoices> = {}
  for (const { key, value } of await db.meta.where('key').startsWith(PREFIX).toArray()) {
    const choices = parsed(value)
    if (choices) byChoice[key.slice(PREFIX.length)] = choices
  }
  const last = (await db.meta.get('export-form'))?.value
  return { last: typeof last === 'string' && last !== '' ? last : null, byChoice }
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
