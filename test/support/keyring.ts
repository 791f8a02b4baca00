/**
 * Keychain tests run against a real Secret Service. `npm test` provides one (a throwaway GNOME
 * Keyring in a private D-Bus session, see scripts/with-keyring.sh); running these files any other
 * way without one fails here with the reason, rather than skipping.
 */
export function requireSessionKeyring(): void {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error(
      'No D-Bus session: run the keychain tests through `npm test` or scripts/with-keyring.sh.',
    )
  }
}

export function uniqueKeychainService(): string {
  return `till-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`
}
