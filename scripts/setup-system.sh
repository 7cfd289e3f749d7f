#!/usr/bin/env bash
# The system packages `npm test` needs, checked before anything runs (npm test and .ci/run both call this):
#   chromium        the browser Playwright drives (never a downloaded one)
#   gnome-keyring   a real OS keychain (Secret Service) for the keychain tests and every e2e test
#   dbus            dbus-run-session, the private session bus that keychain lives on
# When something is missing it installs it with apt-get if it may (root, or passwordless `sudo -n`), saying so
# in one line; otherwise it stops at once with the exact command to run. When everything is there it prints
# nothing and changes nothing.
set -euo pipefail

# tool on PATH (or file) -> Debian package -> what it is for
checks=(
  "chromium|chromium|the browser the end-to-end tests drive"
  "gnome-keyring-daemon|gnome-keyring|the OS keychain (Secret Service) the keychain and end-to-end tests use"
  "dbus-run-session|dbus|the private D-Bus session the test keychain runs on"
  "dbus-daemon|dbus|the bus daemon dbus-run-session starts"
)

# A browser named on purpose is the person's choice: no package would fix a wrong one.
if [ -n "${PERPETUA_CHROMIUM:-}" ]; then
  if [ ! -x "$PERPETUA_CHROMIUM" ]; then
    echo "PERPETUA_CHROMIUM=$PERPETUA_CHROMIUM is not an executable file: point it at Chromium, or unset it to use the chromium on PATH." >&2
    exit 1
  fi
  checks=("${checks[@]:1}")
fi

have() { command -v "$1" >/dev/null 2>&1; }

missing_packages() {
  local check tool package seen=' '
  for check in "${checks[@]}"; do
    IFS='|' read -r tool package _ <<<"$check"
    if ! have "$tool" && [[ $seen != *" $package "* ]]; then
      printf '%s\n' "$package"
      seen+="$package "
    fi
  done
}

mapfile -t packages < <(missing_packages)
[ "${#packages[@]}" -eq 0 ] && exit 0

for check in "${checks[@]}"; do
  IFS='|' read -r tool package purpose <<<"$check"
  if ! have "$tool"; then
    echo "missing: $package (no $tool on PATH), $purpose" >&2
  fi
done

command_line="sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "This is not a Debian-like system (no apt-get): install ${packages[*]} with your package manager, then run npm test again." >&2
  exit 1
fi
if [ "$(id -u)" = 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "Cannot install them without root or passwordless sudo. Run this, then npm test again:" >&2
  echo "  $command_line" >&2
  exit 1
fi

echo "Installing ${packages[*]} with apt-get (apt-get update first)..."
install_failed() {
  echo "apt-get could not install ${packages[*]}. Run this yourself, then npm test again:" >&2
  echo "  $command_line" >&2
  exit 1
}
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || install_failed
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null || install_failed

mapfile -t still < <(missing_packages)
if [ "${#still[@]}" -gt 0 ]; then
  echo "apt-get finished but ${still[*]} is still missing (PATH=$PATH)." >&2
  install_failed
fi
