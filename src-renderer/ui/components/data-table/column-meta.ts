import type { RowData } from '@tanstack/react-table'

declare module '@tanstack/react-table' {
  // The data table's own column options (TanStack's `meta`), typed.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned with even-width figures: amounts. */
    numeric?: boolean
    /** The column's CSS width, e.g. `'8rem'`; columns without one share what is left. */
    width?: string
    /**
     * Texts the column must show whole (its widest values: amounts, times): it is made as wide
     * as the widest of them, or as its header, instead of `width`.
     */
    fit?: readonly string[]
  }
}
