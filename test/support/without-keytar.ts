import { join } from 'node:path'

/**
 * NODE_OPTIONS under which Node, and every Node process it starts, finds no keytar: a machine
 * where npm install could not build it (keytar is optional, so npm leaves it out).
 */
export const WITHOUT_KEYTAR = `--require ${JSON.stringify(join(__dirname, 'without-keytar.cjs'))}`
