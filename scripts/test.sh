#!/usr/bin/env bash
# The whole test suite, runnable on a fresh clone: installs what is missing (npm packages, Debian's Chromium and the
# snippet linters), bundles, type-checks, then runs unit, integration and browser tests. Ends with one line
# "N passed, N failed". Without a Chromium (a user who may not install packages), every other test still runs and the
# run fails at the end, saying which command gets the browser tests going.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # a lock file written by another npm version can be out of sync for this one: then resolve it again
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi
browser=yes
bash scripts/install-chromium.sh || browser=no
bash scripts/install-linters.sh

node scripts/bundle.mjs
npm run typecheck --silent
npm run format:check --silent

reports=$(mktemp -d)
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/unit.json" || status=$?
if [ "$browser" = yes ]; then
  npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json="$reports/e2e.json" || status=$?
fi
node scripts/test-summary.mjs "$reports"/*.json
rm -rf "$reports"
if [ "$browser" = no ]; then
  echo "The browser tests did not run, so this run counts as failed: there is no Chromium. An administrator runs, once:" >&2
  echo "    apt-get update && apt-get install -y chromium" >&2
  echo "or point the tests at a Chromium you have:  CHROMIUM_PATH=/path/to/chromium npm test" >&2
  status=1
fi
exit $status
