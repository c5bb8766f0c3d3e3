#!/usr/bin/env bash
# Whether the bundle in lib/ (made by scripts/bundle.mjs, which writes lib/client/manifest.json last) is newer than
# everything it is made from: exits 0 when it is, and 1 with the reason when it has to be made again: there is none
# yet, or a file or folder of src/ or templates/, the bundle script, package.json or the lock file changed after it
# (a deleted or renamed file changes its folder). Used by scripts/start.sh; runs in the repository it belongs to.
set -euo pipefail
cd "$(dirname "$0")/.."
manifest=lib/client/manifest.json
if [ ! -f "$manifest" ]; then
  echo "no bundle yet ($manifest)"
  exit 1
fi
newer=$(find src templates scripts/bundle.mjs package.json package-lock.json -newer "$manifest" -print -quit 2>/dev/null || true)
if [ -n "$newer" ]; then
  echo "$newer changed after the last bundle"
  exit 1
fi
