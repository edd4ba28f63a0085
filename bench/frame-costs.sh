#!/bin/sh
# Prints what 1080p frames cost, each as a ratio to the floor of a frame
# (the opaque canvas alone) measured in the same run: the 50-layer
# dashboard, bench/layers-1080p.yaml by layer type, and the image
# particles of bench/emitter-sprites-1080p.yaml. Release build, one
# thread; no timing assertions.
set -e
cd "$(dirname "$0")/.."
STRATA_BENCH=1 swift test -c release --disable-swift-testing \
  --filter 'FrameCostBenchmark|SceneFrameCostBenchmark' "$@" 2>&1 \
  | grep -E '^(Frame cost|Layer types|Image particles|  )'
