#!/usr/bin/env bash
# The preview page in headless Chromium (part of `make test`): installs
# Debian's chromium when it is missing, then runs the DevTools-protocol test.
# Screenshots of the page land in out/preview/ (page.png, page-error.png).
set -euo pipefail
cd "$(dirname "$0")/.."
strata=${1:-.build/release/strata}
command -v chromium >/dev/null || {
  echo "test-preview: installing chromium with apt-get"
  SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
}
exec python3 scripts/preview_browser_test.py "$strata" out/preview
