#!/usr/bin/env bash
# Renders a scene on a Slurm cluster in N chunks and joins them:
#   farm/slurm/submit.sh SCENE.yaml N FARM_DIR OUT.mp4 [render settings...]
# FARM_DIR and OUT must be on storage every node sees. Plans the render
# (FARM_DIR/manifest.json), submits an array job of N chunk tasks and a concat
# job that runs after all of them succeeded (--dependency=afterok), and prints
# the two job ids. STRATA names the strata binary (default: strata on PATH).
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 SCENE.yaml CHUNKS FARM_DIR OUT.mp4 [render settings...]" >&2
  exit 2
fi
scene=$1 chunks=$2 farm=$3 out=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$farm"
"${STRATA:-strata}" plan "$scene" --chunks "$chunks" -o "$farm/manifest.json" "$@"
array=$(sbatch --parsable --chdir="$farm" --array=0-$((chunks - 1)) "$here/render-chunk.sbatch" \
  "$(realpath "$scene")" "$(realpath "$farm")" "$chunks" "$@")
concat=$(sbatch --parsable --chdir="$farm" --dependency="afterok:${array%%;*}" --kill-on-invalid-dep=yes \
  "$here/concat.sbatch" "$(realpath "$farm")/manifest.json" "$(realpath -m "$out")")
echo "chunks: job $array (array 0-$((chunks - 1))); concat: job $concat"
