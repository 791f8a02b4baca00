import { flexRender, type HeaderGroup, type SortingState } from '@tanstack/react-table'
import type { Ref } from 'react'
import './column-meta'

/**
 * The table's header: a sortable column's title is a button (one column sorted at a time; the
 * source sorts, so a column needs no accessor) and the sorted one carries `aria-sort`.
 */
export function SortableHeaders<Row>({
  groups,
  onSortingChange,
  headRef,
}: {
  groups: HeaderGroup<Row>[]
  onSortingChange: (sorting: SortingState) => void
  headRef: Ref<HTMLTableSectionElement>
}): React.JSX.Element {
  return (
    <thead ref={headRef}>
      {groups.map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {group.headers.map((header) => {
            const { column } = header
            const sorted = column.getIsSorted()
            const title = flexRender(column.columnDef.header, header.getContext())
            const sortBy = (): void =>
              onSortingChange([
                {
                  id: column.id,
                  desc: sorted ? sorted === 'asc' : (column.columnDef.sortDescFirst ?? false),
                },
              ])
            return (
              <th
                key={header.id}
                scope="col"
                className={column.columnDef.meta?.numeric ? 'numeric' : undefined}
                aria-sort={
                  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                }
              >
                {column.columnDef.enableSorting !== false ? (
                  <button type="button" className="sort" onClick={sortBy}>
                    {title}
                    <span aria-hidden="true" className="sort-mark">
                      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </span>
                  </button>
                ) : (
                  title
                )}
              </th>
            )
          })}
        </tr>
      ))}
    </thead>
  )
}
