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
# Everything the daemon finds by path is private to this run, the runtime folder included: gnome-keyring
# looks for a running daemon through $XDG_RUNTIME_DIR/keyring/control, and with a shared one (any desktop
# session or CI runner that sets it) "--unlock" talks to a daemon of another session, or a child test's
# daemon takes over ours.
mkdir -m 700 "$home/run"
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" \
  XDG_CACHE_HOME="$home/.cache" XDG_RUNTIME_DIR="$home/run" PERPETUA_KEYRING_TEST=1
unset GNOME_KEYRING_CONTROL GNOME_KEYRING_PID
here=$(cd "$(dirname "$0")" && pwd)
# dbus-run-session forwards the exit code of the command; the keyring daemon dies with the session. The
# command starts only once the keyring takes a write (scripts/keyring-ready.mjs).
dbus-run-session -- sh -c 'echo -n perpetua-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; node "$0/keyring-ready.mjs" || exit 1; exec "$@"' "$here" "$@" 2> >(grep -v 'Failed to set fd limit' >&2)
