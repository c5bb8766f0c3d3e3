#!/usr/bin/env bash
# The whole test suite, runnable on a fresh clone: installs what is missing (npm packages, Debian's Chromium and the
# snippet linters), bundles, type-checks, then runs unit, integration and browser tests. Ends with one line
# "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # a lock file written by another npm version can be out of sync for this one: then resolve it again
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi
bash scripts/install-chromium.sh
bash scripts/install-linters.sh

node scripts/bundle.mjs
npm run typecheck --silent
npm run format:check --silent

reports=$(mktemp -d)
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/unit.json" || status=$?
npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json="$reports/e2e.json" || status=$?
node scripts/test-summary.mjs "$reports"/*.json
rm -rf "$reports"
exit $status
