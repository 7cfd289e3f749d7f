#!/usr/bin/env bash
# `npm test`: every check the project has, in the order that fails fastest, after setting up what it needs.
# A full run fails if any test was skipped. `npm test -- <filters>` asks for a subset: only the test files
# whose paths match a filter run (in Vitest and Playwright alike), and skips are then allowed.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "system packages (chromium, gnome-keyring, dbus)"
bash scripts/setup-system.sh
if [ ! -x node_modules/.bin/vitest ]; then
  echo "node_modules is missing: running npm ci first"
  npm ci --no-audit --no-fund
fi
# Playwright drives the Chromium the set-up found, not one it would download.
export PERPETUA_CHROMIUM="${PERPETUA_CHROMIUM:-$(command -v chromium)}"

step lint
npx eslint .
step typecheck
npx tsc -p tsconfig.node.json
npx tsc -p tsconfig.web.json
step "layers, cycles, unused code and tests beside their subject (.dependency-cruiser.mjs, madge, knip.json, scripts/test-exemptions.ts)"
npm run -s check:layers
npm run -s check:cycles
npm run -s check:unused
npm run -s check:tests
step build
npx electron-vite build >/dev/null
step "first-load budget (the lock screen's initial JS and CSS)"
npx tsx scripts/bundle-budget.ts

if [ $# -eq 0 ]; then
  step "every step of npm run bench runs, at its smallest size (figures are not judged here)"
  scripts/with-keyring.sh npx tsx scripts/bench-smoke.ts
fi

subset=()
[ $# -gt 0 ] && subset=(--subset "$*")
status=0
step "unit, integration and conformance tests${subset:+ matching $*}"
rm -f .test-reports/vitest.json .test-reports/playwright.json
scripts/with-keyring.sh npx vitest run "$@" ${subset:+--passWithNoTests} \
  --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json || status=$?
if [ "$status" -eq 0 ]; then
  step "end-to-end tests (Playwright, Debian Chromium)${subset:+ matching $*}"
  scripts/with-keyring.sh npx playwright test "$@" ${subset:+--pass-with-no-tests} || status=$?
fi

node scripts/test-summary.mjs "${subset[@]}" || status=$?
exit "$status"
