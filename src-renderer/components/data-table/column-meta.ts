import type { RowData } from '@tanstack/react-table'

declare module '@tanstack/react-table' {
  // The data table's own column options (TanStack's `meta`), typed.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned with even-width figures: amounts. */
    numeric?: boolean
    /** The column's CSS width, e.g. `'8rem'`; columns without one share what is left. */
    width?: string
  }
}
