#!/bin/sh
# Prints the 1080p cost of the compositor: a full-frame perspective composite
# against a full-frame affine (Cairo) composite in the same run, a BSP cube,
# and shadows of radius 3 and 30. Release build; no timing assertions.
set -e
cd "$(dirname "$0")/.."
STRATA_BENCH=1 swift test -c release --disable-swift-testing --filter CompositorBenchmark "$@" 2>&1 \
  | grep -E '^(Compositor|  )'
