import {
  MOVEMENT_LABEL,
  movementWords,
  type CashMovement,
} from '../../day-close/rules/cash-movements'
import { formatMoney } from '../../format/format-money'
import { capitalised } from '../../format/labels'
import { pcLabel } from './pc-names'

/**
 * Cash movements of one session that two PCs made without seeing each other's
 * (docs/shared-books.md#movements-made-on-two-pcs): two corrections of one movement, or two
 * opening floats. Their keys differ, so the books take both; which one stands is decided here,
 * from the change numbers the books gave them, the same way on every PC: the earlier stands, the
 * other is kept aside with the reason in words until a person chooses. Pure code.
 */

/** A movement with where the books placed it. */
export interface PlacedMovement {
  movement: CashMovement
  /** The books' change number; `Infinity` while it waits to go up from this PC. */
  change: number
  /** The PC that wrote it, as the books say. */
  by: string
}

/** A movement that does not stand, and why. */
interface MovementAside {
  placed: PlacedMovement
  /** The movement that stands in its place; null when it waits for the one it corrects. */
  rival: PlacedMovement | null
  reason: string
}

export interface SessionStanding {
  stands: PlacedMovement[]
  aside: MovementAside[]
}

function firstOnBooks(a: PlacedMovement, b: PlacedMovement): number {
  return a.change - b.change || a.movement.id.localeCompare(b.movement.id)
}

function changeWords(change: number): string {
  return Number.isFinite(change) ? `change ${change}` : 'not yet on the shared books'
}

/** A version in words, its PC named as people know it among the PCs `among` (./pc-names.ts). */
function versionWords({ movement, by, change }: PlacedMovement, among: string[]): string {
  const amount =
    movement.kind === 'cancel' ? '' : ` ${formatMoney(movement.amount, movement.currency)}`
  const pc = pcLabel(by, among)
  return `${pc}’s ${MOVEMENT_LABEL[movement.kind]}${amount} (${changeWords(change)})`
}

function rivalReason(what: string, standing: PlacedMovement, kept: PlacedMovement): string {
  const among = [standing.by, kept.by]
  return (
    `${what} on two PCs. Standing on every PC: ${versionWords(standing, among)}, the one the ` +
    `shared books took first. Kept aside until a person chooses: ${versionWords(kept, among)}.`
  )
}

/**
 * Which of a session's movements stand. Corrections hang off the movement they correct: of two
 * corrections of one movement the earlier on the books stands, and what corrects the other stays
 * aside with it; a correction of a movement not held waits for it. Then, of two opening floats
 * standing, the earlier stands. Every PC holding the same movements and numbers gets the same.
 */
export function settleSession(candidates: readonly PlacedMovement[]): SessionStanding {
  const aside: MovementAside[] = []
  const byId = new Map(candidates.map((p) => [p.movement.id, p]))
  const children = new Map<string, PlacedMovement[]>()
  const roots: PlacedMovement[] = []
  for (const placed of [...candidates].sort(firstOnBooks)) {
    const { replaces } = placed.movement
    if (replaces === null) roots.push(placed)
    else if (byId.get(replaces)?.movement.sessionId !== placed.movement.sessionId)
      aside.push({
        placed,
        rival: null,
        reason: 'It corrects a movement this PC does not hold yet: it waits for it.',
      })
    else children.set(replaces, [...(children.get(replaces) ?? []), placed])
  }
  const stands: PlacedMovement[] = []
  const setAside = (placed: PlacedMovement, rival: PlacedMovement | null, reason: string) => {
    aside.push({ placed, rival, reason })
    const follow = (parent: PlacedMovement): void =>
      (children.get(parent.movement.id) ?? []).forEach((child) => {
        aside.push({
          placed: child,
          rival: null,
          reason: `It corrects ${movementWords(parent.movement)}, which is kept aside: it stands with it.`,
        })
        follow(child)
      })
    follow(placed)
  }
  const accept = (placed: PlacedMovement): void => {
    stands.push(placed)
    const [first, ...later] = children.get(placed.movement.id) ?? []
    if (first === undefined) return
    for (const other of later)
      setAside(
        other,
        first,
        rivalReason(`${capitalised(movementWords(placed.movement))} was corrected`, first, other),
      )
    accept(first)
  }
  roots.forEach(accept)
  // Of the floats left standing, one: the earlier on the books. The other goes aside with the
  // movements it corrects, which would otherwise stand again once it is out of the cache.
  const replaced = new Set(stands.flatMap((p) => p.movement.replaces ?? []))
  const floats = stands
    .filter((p) => p.movement.kind === 'float' && !replaced.has(p.movement.id))
    .sort(firstOnBooks)
  for (const other of floats.slice(1)) {
    setAside(
      other,
      floats[0]!,
      rivalReason('The session was given an opening float', floats[0]!, other),
    )
    // Out of the standing go the float and, link by link, the ones it corrects.
    for (let link = other; ;) {
      stands.splice(stands.indexOf(link), 1)
      const { replaces } = link.movement
      const corrected = replaces === null ? undefined : byId.get(replaces)
      if (corrected === undefined || !stands.includes(corrected)) break
      aside.push({
        placed: corrected,
        rival: null,
        reason: `${capitalised(movementWords(link.movement))}, which corrects it, is kept aside: it stands with it.`,
      })
      link = corrected
    }
  }
  // A chain of corrections that never reaches a movement of its own (one correcting itself).
  const placed = new Set([...stands, ...aside.map((a) => a.placed)])
  for (const loose of candidates.filter((p) => !placed.has(p)))
    aside.push({ placed: loose, rival: null, reason: 'Its corrections go round in a circle.' })
  return { stands, aside }
}
