#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a throwaway, unlocked GNOME Keyring, so
# tests use a real Secret Service without touching anyone's own keyring.
set -euo pipefail
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: needs dbus-run-session and gnome-keyring-daemon (Debian: apt-get install dbus-x11 gnome-keyring)" >&2
  exit 1
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/run" TILL_IN_KEYRING=1
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- bash -c '
  printf "till-test-keyring" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  exec "$@"' with-keyring "$@" 2> >(grep -v "Failed to set fd limit" >&2)
