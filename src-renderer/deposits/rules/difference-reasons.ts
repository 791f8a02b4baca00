/** What a person may say a difference to explain is. */
export const DIFFERENCE_REASONS = [
  'over-banked',
  'short-cash',
  'bank-charge',
  'chargeback',
  'other',
] as const
export type DifferenceReason = (typeof DIFFERENCE_REASONS)[number]
