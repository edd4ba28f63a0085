#!/bin/sh
# Prints the 1080p cost of the cross-dissolves (fade transition, contents
# animation) and the compile cost of layout over time. Release build; no
# timing assertions.
set -e
cd "$(dirname "$0")/.."
STRATA_BENCH=1 swift test -c release --disable-swift-testing --filter 'DissolveBenchmark|LayoutOverTimeBenchmark' "$@" 2>&1 \
  | grep -E '^(Dissolve|Layout over time|  )'
