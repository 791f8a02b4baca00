import { createRequire } from 'node:module'
import type { KeytarLike } from './secret-store'

const nodeRequire = createRequire(__filename)

/** keytar is a native module: loaded on first use so a missing build is a clear keychain error. */
export function loadKeytar(): KeytarLike {
  return nodeRequire('keytar') as KeytarLike
}
