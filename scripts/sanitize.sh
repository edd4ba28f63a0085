#!/usr/bin/env bash
# make sanitize: debug builds with AddressSanitizer and ThreadSanitizer
# (each in its own build folder, .build/sanitize-NAME) render the golden
# frames of every scene at -j 2 (`strata check scenes`) and run the CLI
# tests against the sanitized binary. Any report fails the run
# (halt_on_error). Swift's own overflow and bounds traps need no sanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SANITIZERS=${SANITIZERS:-address thread}
# The sanitizers print their own reports; Swift's backtracer would take their signals.
export SWIFT_BACKTRACE=enable=no
for san in $SANITIZERS; do
  dir=.build/sanitize-$san
  echo "sanitize ($san): build"
  $SWIFT build --build-tests --sanitize="$san" --scratch-path "$dir"
  # The tests skip what a sanitizer cannot run (an address-space limit under ASan).
  export STRATA_SANITIZER=$san
  # No leak checks: fonts, decoded images and the like are cached for the life of the process.
  export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1
  export TSAN_OPTIONS="halt_on_error=1 suppressions=$PWD/scripts/tsan.supp"
  echo "sanitize ($san): every scene's golden frames, -j 2"
  "$dir/debug/strata" check scenes -j 2 --artifacts "$dir/check" --quiet
  echo "sanitize ($san): CLI tests"
  $SWIFT test --skip-build --sanitize="$san" --scratch-path "$dir" --disable-swift-testing --filter StrataCLITests
done
echo "sanitize: clean ($SANITIZERS)"
