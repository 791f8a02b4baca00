/**
 * PCs have names a person gives them (docs/shared-books.md#pc-names): the host name until then.
 * A change goes to the books signed `<name> #<id>`, the id made once per PC, so two PCs called
 * alike stay two; words show the name alone, with the start of the id only where another PC of
 * the same name is in view. A `by` from before PCs had ids is a name alone.
 */

const SIGNED = /^(.*) #([0-9a-f]{8})$/

/** `by` as a change is signed: the name and, when this PC has one, its id. */
export function pcSignature(name: string, id: string | null): string {
  return id === null ? name : `${name} #${id}`
}

function parts(by: string): { name: string; id: string | null } {
  const signed = SIGNED.exec(by)
  return signed ? { name: signed[1]!, id: signed[2]! } : { name: by, id: null }
}

/**
 * A signature in words among the others in view: the PC's name, and the first four characters
 * of its id when another of them has the same name and another id.
 */
export function pcLabel(by: string, among: readonly string[]): string {
  const { name, id } = parts(by)
  const clash = among.some((other) => {
    const them = parts(other)
    return them.name === name && them.id !== id
  })
  return clash && id !== null ? `${name} (${id.slice(0, 4)})` : name
}
