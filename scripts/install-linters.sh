#!/usr/bin/env bash
# Installs the linters that tests/integration/content-snippets.test.ts runs on the code blocks of content/: Debian's
# yamllint and shellcheck (nginx and systemd-analyze come with the nginx and systemd packages when the machine has
# them). Tolerant on purpose: a linter that cannot be installed is not an error here, the test reports it as skipped
# with the reason.
#
# - every linter already on the PATH: nothing to do.
# - root: apt-get installs the missing packages.
# - another user with password-less sudo: sudo apt-get installs them.
# - anyone else, or no apt-get: prints which linters are missing and the command that would install them.
#
# Always exits 0.
set -uo pipefail

missing=()
command -v yamllint >/dev/null 2>&1 || missing+=(yamllint)
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

explain() {
  echo "The snippet lint test will skip ${missing[*]}: $1" >&2
  echo "To lint those snippets too, run once as root:  apt-get update && apt-get install -y ${missing[*]}" >&2
}

install_as_root() {
  # env passes DEBIAN_FRONTEND to apt-get whether or not a sudo stands in front of it
  "$@" env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    "$@" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

if ! command -v apt-get >/dev/null 2>&1; then
  explain "this machine has no apt-get."
  exit 0
fi

echo "Installing Debian's ${missing[*]} for the snippet lint test …"
if [ "$(id -u)" -eq 0 ]; then
  install_as_root || explain "apt-get failed."
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  install_as_root sudo -n || explain "apt-get failed."
else
  explain "this user cannot install packages."
fi
exit 0
