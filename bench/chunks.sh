#!/usr/bin/env bash
# Chunked renders (render farms): a 60 s 1080p scene in 1, 2 and 4 chunks by
# separate processes, the join's share, and the speed-up predicted for 10 and
# 100 machines. Writes bench/chunks-results.md; see bench/chunks.py.
#   bash bench/chunks.sh            (or: make bench-chunks)
# Environment: ROUNDS=2, STRATA=path (skip the build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${STRATA:-}" ]; then
  swift build -c release >/dev/null
  STRATA=$(swift build -c release --show-bin-path)/strata
fi
exec python3 bench/chunks.py "$STRATA" "${ROUNDS:-2}"
