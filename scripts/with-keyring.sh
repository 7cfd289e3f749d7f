#!/usr/bin/env bash
# Runs a command against a real, throwaway OS keychain: a private D-Bus session with gnome-keyring unlocked,
# HOME pointed at a temporary folder. Tests see PERPETUA_KEYRING_TEST=1 and run the keychain suites.
set -euo pipefail
# Without them nothing may run "without a keychain": the keychain suites would skip and the run look greener
# than it is. scripts/setup-system.sh (npm test runs it first) installs them.
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "scripts/with-keyring.sh: dbus-run-session or gnome-keyring-daemon is missing. Run bash scripts/setup-system.sh" >&2
  echo "  (it installs them, or prints the apt-get command to run), then try again." >&2
  exit 1
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" PERPETUA_KEYRING_TEST=1
# dbus-run-session forwards the exit code of the command; the keyring daemon dies with the session.
dbus-run-session -- sh -c 'echo -n perpetua-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' sh "$@" 2> >(grep -v 'Failed to set fd limit' >&2)
