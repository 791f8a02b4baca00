/** How long ago `at` was, in whole minutes as people say it: "less than a minute", "1 minute", "12 minutes". */
export function minutesSince(at: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - at) / 60_000))
  return minutes === 0 ? 'less than a minute' : minutes === 1 ? '1 minute' : `${minutes} minutes`
}
