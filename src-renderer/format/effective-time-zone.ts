import type { ProfileView } from '../../src-shared/bridge/contract'

/** The merchant's time zone, or this PC's while the shop's is not known. */
export function effectiveTimeZone(profile: Pick<ProfileView, 'timezone'>): string {
  return profile.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
}
