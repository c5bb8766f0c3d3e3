#!/usr/bin/env bash
# Builds the wiki in content/ and serves it on http://localhost:8080 (installs dependencies on a fresh clone, and
# bundles wikigen again after an edit of its sources).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi
# the bundle again when a source file changed since it was made (or there is none yet)
if ! reason=$(bash scripts/bundle-fresh.sh); then
  echo "bundling wikigen: $reason"
  node scripts/bundle.mjs
fi
node bin/wikigen.js build --root content --out dist
exec node bin/wikigen.js serve --dir dist --port "${PORT:-8080}"
