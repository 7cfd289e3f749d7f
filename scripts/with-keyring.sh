#!/usr/bin/env bash
# Runs a command against a real, throwaway OS keychain: a private D-Bus session with gnome-keyring unlocked,
# HOME pointed at a temporary folder. Tests see PERPETUA_KEYRING_TEST=1 and run the keychain suites.
set -euo pipefail
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "WARNING: dbus-run-session or gnome-keyring-daemon is missing: the OS keychain tests will be SKIPPED." >&2
  echo "         Install them (apt-get install dbus gnome-keyring) to run them." >&2
  exec "$@"
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" PERPETUA_KEYRING_TEST=1
# dbus-run-session forwards the exit code of the command; the keyring daemon dies with the session.
dbus-run-session -- sh -c 'echo -n perpetua-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' sh "$@" 2> >(grep -v 'Failed to set fd limit' >&2)
