#!/usr/bin/env bash
# `npm test`: every check the project has, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step lint
npx eslint .
step typecheck
npx tsc -p tsconfig.node.json
npx tsc -p tsconfig.web.json
step build
npx electron-vite build >/dev/null
step "first-load budget (the lock screen's initial JS and CSS)"
npx tsx scripts/bundle-budget.ts
step "unit, integration and conformance tests"
rm -f .test-reports/vitest.json .test-reports/playwright.json
vitest=(npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json)
if [ -x scripts/with-keyring.sh ]; then scripts/with-keyring.sh "${vitest[@]}"; else "${vitest[@]}"; fi
step "end-to-end tests (Playwright, Debian Chromium)"
if [ -x scripts/with-keyring.sh ]; then scripts/with-keyring.sh npx playwright test; else npx playwright test; fi

node scripts/test-summary.mjs
