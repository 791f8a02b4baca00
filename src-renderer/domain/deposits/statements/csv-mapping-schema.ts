import { z } from 'zod'
import { CSV_DATE_FORMATS } from './csv-dates'
import type { CsvMapping } from './csv-statement'

/**
 * A bank account's CSV column mapping as it is kept and as a backup brings it back: checked
 * whole, so a mapping that would not read a file is refused when saved, not at the next import.
 */

const column = z.string().trim().min(1, 'Name the column as the header writes it.').max(200)
const rows = z.number().int().min(0).max(1000)

export const csvMappingSchema: z.ZodType<CsvMapping> = z.object({
  delimiter: z.enum([',', ';', '\t', '|']),
  skipRows: rows,
  footerRows: rows,
  date: column,
  dateFormat: z.enum(CSV_DATE_FORMATS as [CsvMapping['dateFormat'], ...CsvMapping['dateFormat'][]]),
  valueDate: column.optional(),
  amount: z.union([z.object({ signed: column }), z.object({ credit: column, debit: column })]),
  text: z.array(column).max(10),
  balance: column.optional(),
  id: column.optional(),
  currency: column.optional(),
  decimalMark: z.enum(['.', ',']),
})
