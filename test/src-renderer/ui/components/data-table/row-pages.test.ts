import type { SortingState } from '@tanstack/react-table'
import { describe, expect, it } from 'vitest'
import { RowPages } from '../../../../../src-renderer/ui/components/data-table/row-pages'
import { rowAfterKey } from '../../../../../src-renderer/ui/components/data-table/row-keys'
import type { RowSource } from '../../../../../src-renderer/ui/components/data-table/row-source'
import {
  offsetRevealing,
  scrollWindow,
} from '../../../../../src-renderer/ui/components/data-table/scroll-window'

/** The tallest a scroll area is made, below what browsers can draw. */
const MAX_SCROLL_HEIGHT = 2_000_000

/** A source whose answers the test releases one by one; rows are "<label>:<position>". */
function heldSource(label: string, total: number) {
  const requests: Array<{ offset: number; limit: number; release: () => void }> = []
  const source: RowSource<string, string> = {
    rows: (offset, limit) =>
      new Promise((resolve) =>
        requests.push({
          offset,
          limit,
          release: () =>
            resolve(
              Array.from(
                { length: Math.max(0, Math.min(limit, total - offset)) },
                (_, i) => `${label}:${offset + i}`,
              ),
            ),
        }),
      ),
    count: () => Promise.resolve(total),
  }
  return { source, requests }
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
const BY_TIME: SortingState = [{ id: 'time', desc: true }]

describe('row pages', () => {
  it('fetches the top at once, shows it, and only then counts', async () => {
    let count: ((total: number) => void) | null = null
    const { source, requests } = heldSource('a', 1_000)
    const pages = new RowPages<string, string>(100)
    pages.setQuery(
      { ...source, count: () => new Promise((resolve) => (count = resolve)) },
      BY_TIME,
      'f',
    )
    expect(requests.map((r) => r.offset)).toEqual([0])
    expect(count).toBeNull()
    expect(pages.showable).toBe(0)
    requests[0]!.release()
    await settle()
    expect(count).not.toBeNull()
    expect(pages.count).toBeNull()
    expect(pages.showable).toBe(100)
    count!(1_000)
    await settle()
    expect(pages.showable).toBe(1_000)
  })

  it('counts fresher data for the same query at once, its rows staying on show', async () => {
    const first = heldSource('old', 500)
    const pages = new RowPages<string, string>(100)
    pages.setQuery(first.source, BY_TIME, 'f')
    first.requests[0]!.release()
    await settle()
    let counted = 0
    const fresh = heldSource('new', 600)
    pages.setQuery(
      { ...fresh.source, count: () => ((counted += 1), Promise.resolve(600)) },
      BY_TIME,
      'f',
    )
    await settle()
    expect(counted).toBe(1)
    expect(pages.count).toBe(600)
    expect(pages.row(5)).toBe('old:5')
  })

  it('fetches only the pages covering the wanted rows, two at a time', async () => {
    const { source, requests } = heldSource('a', 1_000_000)
    const pages = new RowPages<string, string>(100)
    pages.setQuery(source, BY_TIME, 'f')
    requests[0]!.release()
    await settle()
    pages.want(250, 520)
    expect(requests.map((r) => r.offset)).toEqual([0, 200, 300])
    requests[1]!.release()
    await settle()
    expect(requests.map((r) => r.offset)).toEqual([0, 200, 300, 400])
    expect(pages.row(250)).toBe('a:250')
    expect(pages.row(350)).toBeUndefined()
    expect(pages.count).toBe(1_000_000)
    // Scrolled far away before the rest arrived: the pages passed over are never asked for.
    pages.want(700_000, 700_020)
    requests[2]!.release()
    requests[3]!.release()
    await settle()
    expect(requests.map((r) => r.offset)).toEqual([0, 200, 300, 400, 700_000])
  })

  it('forgets every row for another order, and keeps rows on show for fresher data', async () => {
    const first = heldSource('old', 500)
    const pages = new RowPages<string, string>(100)
    pages.setQuery(first.source, BY_TIME, 'f')
    first.requests[0]!.release()
    await settle()
    expect(pages.row(5)).toBe('old:5')

    const fresh = heldSource('new', 500)
    pages.setQuery(fresh.source, BY_TIME, 'f')
    expect(pages.row(5)).toBe('old:5')
    expect(fresh.requests.map((r) => r.offset)).toEqual([0])
    fresh.requests[0]!.release()
    await settle()
    expect(pages.row(5)).toBe('new:5')

    pages.setQuery(fresh.source, [{ id: 'total', desc: false }], 'f')
    expect(pages.row(5)).toBeUndefined()
    expect(pages.count).toBeNull()
  })

  it('drops answers to a query that has since changed', async () => {
    const { source, requests } = heldSource('a', 500)
    const pages = new RowPages<string, string>(100)
    pages.setQuery(source, BY_TIME, 'cash')
    pages.want(0, 10)
    pages.setQuery(source, BY_TIME, 'card')
    requests[0]!.release()
    await settle()
    expect(pages.row(0)).toBeUndefined()
    requests[1]!.release()
    await settle()
    expect(pages.row(0)).toBe('a:0')
  })

  it('reports a failed read and asks for nothing more until the query or data changes', async () => {
    let reads = 0
    const source: RowSource<string, string> = {
      rows: () => ((reads += 1), Promise.reject(new Error('disk gone'))),
      count: () => Promise.resolve(10),
    }
    const pages = new RowPages<string, string>(5)
    pages.setQuery(source, BY_TIME, 'f')
    pages.want(0, 4)
    await settle()
    expect(pages.error).toBe('disk gone')
    pages.want(5, 9)
    expect(reads).toBe(1)
    pages.setQuery(source, BY_TIME, 'g')
    expect(pages.error).toBeNull()
    expect(reads).toBe(2)
  })
})

describe('scroll window', () => {
  it('is the plain height while it fits, and capped with a proportional map beyond', () => {
    expect(scrollWindow(36_000, 500)).toEqual({ realHeight: 36_000, ratio: 1, maxOffset: 35_500 })
    const million = scrollWindow(36_000_000, 500)
    expect(million.realHeight).toBe(MAX_SCROLL_HEIGHT)
    expect(million.maxOffset).toBe(35_999_500)
    // The last real position shows the last virtual one.
    expect((MAX_SCROLL_HEIGHT - 500) * million.ratio).toBeCloseTo(million.maxOffset, 6)
  })

  it('scrolls a row into view below the sticky header only when it is not', () => {
    const [row, header, viewport] = [36, 40, 400]
    expect(offsetRevealing(40 + 5 * row, row, 0, viewport, header)).toBe(0)
    expect(offsetRevealing(40 + 20 * row, row, 0, viewport, header)).toBe(40 + 21 * row - 400)
    expect(offsetRevealing(40 + 2 * row, row, 500, viewport, header)).toBe(2 * row)
  })
})

describe('row keys', () => {
  it.each([
    ['ArrowDown', 5, 6],
    ['ArrowUp', 5, 4],
    ['ArrowUp', 0, 0],
    ['ArrowDown', 99, 99],
    ['PageDown', 5, 15],
    ['PageDown', 95, 99],
    ['PageUp', 5, 0],
    ['Home', 50, 0],
    ['End', 50, 99],
    ['a', 50, null],
  ])('%s from row %i of 100 goes to %s', (key, from, to) => {
    expect(rowAfterKey(key as string, from as number, 100, 10)).toBe(to)
  })
})
