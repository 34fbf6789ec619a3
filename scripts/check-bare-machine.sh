#!/usr/bin/env bash
# Checks the README's commands on a machine without Debian's Chromium: clones this repository's
# committed HEAD (or the ref given) into a temp folder and runs `npm install && npm test` there, in
# a private mount namespace where /usr/bin/chromium, /usr/lib/chromium and the fonts that Debian's
# chromium package brings are hidden, with CHROMIUM_PATH unset, so that the browser tests must use
# the Chromium inside the npm package. Needs root (unshare, mount). Takes about 10 minutes.
#
#   scripts/check-bare-machine.sh [ref]
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$repo" rev-parse "${1:-HEAD}")"
work="$(mktemp -d "${TMPDIR:-/tmp}/zed-bare-machine-XXXXXX")"
trap 'rm -rf "$work"' EXIT

git clone --quiet "$repo" "$work/repo"
git -C "$work/repo" checkout --quiet "$commit"
echo "[bare] $commit in $work/repo"

unshare --mount --propagation private bash -euo pipefail -c '
  if [ -e /usr/bin/chromium ]; then mount --bind /dev/null /usr/bin/chromium; fi
  for dir in /usr/lib/chromium /usr/share/fonts/truetype/liberation; do
    if [ -d "$dir" ]; then mount -t tmpfs tmpfs "$dir"; fi
  done
  unset CHROMIUM_PATH
  cd "$1"
  if [ -x /usr/bin/chromium ]; then echo "[bare] /usr/bin/chromium is still there" >&2; exit 1; fi
  npm install --no-audit --no-fund
  npm test
' bare "$work/repo"
echo "[bare] npm install && npm test passed without Debian's Chromium"
