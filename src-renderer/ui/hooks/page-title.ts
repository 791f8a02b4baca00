import { useEffect } from 'react'

const titles = new Map<number, string>()

function show(): void {
  const deepest = Math.max(...titles.keys())
  document.title = titles.size ? `${titles.get(deepest)} · Till` : 'Till'
}

/**
 * Names the page after what is shown: a screen at depth 0, what is opened on it deeper (a session
 * at 1, a bill at 2); the deepest open one names the page.
 */
export function usePageTitle(title: string, depth = 0): void {
  useEffect(() => {
    titles.set(depth, title)
    show()
    return () => {
      if (titles.get(depth) === title) titles.delete(depth)
      show()
    }
  }, [title, depth])
}
