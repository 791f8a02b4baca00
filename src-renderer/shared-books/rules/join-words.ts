/**
 * What joining did: `started` when the books were empty; `found`, the records of other PCs this
 * PC took from them.
 */
export interface Joined {
  started: boolean
  found: number
}
/**
 * What joining found, in words: the books were empty only when this PC started them and took
 * nothing from another PC (two PCs joining at once may both find them empty at first).
 */
export function joinedWords({ started, found }: Joined): string {
  if (started && found === 0)
    return 'Joined. The shared books were empty: this PC’s records are now on them.'
  const records = found === 1 ? '1 record' : `${found.toLocaleString('en')} records`
  return `Joined. Found ${records} of the other PCs on the shared books; this PC’s changes go there too.`
}
