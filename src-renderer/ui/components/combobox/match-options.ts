export type Option = [value: string, label: string]

/**
 * The options whose label holds every word typed, in any order and case ("23 nov kemang"), the
 * first `limit` of them, and how many more matched.
 */
export function matchOptions(
  options: readonly Option[],
  query: string,
  limit: number,
): { shown: Option[]; more: number } {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean)
  const matching = words.length
    ? options.filter(([, label]) => {
        const text = label.toLocaleLowerCase()
        return words.every((word) => text.includes(word))
      })
    : options
  return { shown: matching.slice(0, limit), more: Math.max(0, matching.length - limit) }
}
