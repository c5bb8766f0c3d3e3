#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium: Debian's package, installed with apt-get.
#
# - CHROMIUM_PATH set, or `chromium` on the PATH: nothing to do.
# - root: apt-get installs it.
# - another user with password-less sudo: sudo apt-get installs it.
# - anyone else: prints the one command an administrator has to run (or how to point at a browser) and exits 1.
#
# Exit codes: 0 when a Chromium is there afterwards, 1 when it is not.
set -euo pipefail

if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi

install_as_root() {
  # env passes DEBIAN_FRONTEND to apt-get whether or not a sudo stands in front of it
  "$@" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "$@" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
}

explain() {
  cat >&2 <<'EOF'
The browser tests need Debian's Chromium, and this user cannot install packages.
Ask an administrator to run, once:

    apt-get update && apt-get install -y chromium

or point the tests at a Chromium you have:  CHROMIUM_PATH=/path/to/chromium npm test
EOF
}

echo "Installing Debian's Chromium for the browser tests …"
if [ "$(id -u)" -eq 0 ]; then
  install_as_root
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  install_as_root sudo -n
else
  explain
  exit 1
fi

if ! command -v chromium >/dev/null 2>&1; then
  echo "apt-get finished but no 'chromium' is on the PATH ($PATH)." >&2
  explain
  exit 1
fi
