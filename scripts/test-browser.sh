#!/usr/bin/env bash
# Opens a real failing check report in headless Chromium and screenshots it
# (run before resolving report changes; not part of CI). Needs Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
strata=.build/release/strata
command -v chromium >/dev/null || {
  echo "test-browser: installing chromium with apt-get"
  SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
  $SUDO apt-get install -y -qq --no-install-recommends chromium
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A project whose scene changed after its goldens were recorded: one frame fails, one passes.
mkdir -p "$work/scenes"
cp scenes/animation/basic-position.yaml "$work/scenes/dots.yaml"
(cd "$work" && "$OLDPWD/$strata" check scenes --update --quiet >/dev/null)
sed -i 's/to: 280, duration: 2s, timingFunction: easeIn}/to: 270, duration: 2s, timingFunction: easeIn}/' "$work/scenes/dots.yaml"
(cd "$work" && "$OLDPWD/$strata" check scenes --quiet >/dev/null) && { echo "test-browser: expected a failing check"; exit 1; }
report="$work/out/check/report.html"
mkdir -p out
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1600 \
  --screenshot="$PWD/out/report-screenshot.png" "file://$report" 2>/dev/null
test -s out/report-screenshot.png
echo "test-browser: screenshot of a failing report in out/report-screenshot.png"
