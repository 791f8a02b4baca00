import fc from 'fast-check'

/**
 * Every fuzz property runs with one seed: TILL_FUZZ_SEED when set (to replay a failure), else
 * today's date as a number, so a day's runs agree and each day explores new inputs.
 */
export const FUZZ_SEED = process.env.TILL_FUZZ_SEED
  ? Number(process.env.TILL_FUZZ_SEED)
  : Number(new Date().toISOString().slice(0, 10).replaceAll('-', ''))

/** Runs a property a bounded number of times; a failure names the seed to replay it with. */
export async function checkProperty<Ts>(
  property: fc.IAsyncPropertyWithHooks<Ts> | fc.IPropertyWithHooks<Ts>,
  numRuns: number,
): Promise<void> {
  const details = await fc.check(property as fc.IAsyncProperty<Ts>, { seed: FUZZ_SEED, numRuns })
  if (details.failed)
    throw new Error(
      `Fuzz property failed; replay with TILL_FUZZ_SEED=${FUZZ_SEED}\n${fc.defaultReportMessage(details)}`,
    )
}

/**
 * The time a property over many runs of a fake-IndexedDB cache may take: a minute or more on a
 * machine as loaded as CI's, where vitest runs files side by side.
 */
export const PROPERTY_TIMEOUT_MS = 180_000
