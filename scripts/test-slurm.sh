#!/usr/bin/env bash
# The Slurm recipe run for real (`make test-slurm`): starts a single-node Slurm
# cluster on this machine (scripts/slurm-cluster.sh), renders with
# farm/slurm/submit.sh (an array job of chunk tasks, then a concat job with
# --dependency=afterok), waits, and checks what came out:
#   1. scenes/demo.yaml in 4 chunks: 180 frames, each presented at exactly
#      i/30 s, a key frame first, the golden frames within the codec's error
#      (strata check --video);
#   2. the same at --crf 0 (lossless) in 3 chunks: every decoded frame equal
#      to a single-process render's (ffmpeg framemd5);
#   3. a chunk task that fails: the concat job is cancelled and writes
#      nothing; the task run again alone (sbatch --array=1) and a new concat
#      job give the whole video.
# Stops the cluster again if it started it.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/release/strata}")
export STRATA=$BIN
work=$(mktemp -d /tmp/strata-test-slurm.XXXXXX)
started=0
cleanup() {
  if [ "$started" = 1 ]; then scripts/slurm-cluster.sh stop >/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
eval "$(scripts/slurm-cluster.sh env)"
sinfo -h >/dev/null 2>&1 || started=1
scripts/slurm-cluster.sh start

passed=0 failed=0
pass() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAILED: $*" >&2; failed=$((failed + 1)); }

submit() {  # submit NAME CHUNKS [render settings...]: prints the concat job id
  local name=$1 chunks=$2
  shift 2
  farm/slurm/submit.sh scenes/demo.yaml "$chunks" "$work/$name" "$work/$name.mp4" "$@" >"$work/$name.submit"
  cat "$work/$name.submit" >&2
  sed -n 's/.*concat: job \([0-9]*\).*/\1/p' "$work/$name.submit"
}
wait_for() {  # wait_for JOB: prints the job's final state
  local s
  for _ in $(seq 1200); do
    s=$(scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
    case "$s" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|DEADLINE) echo "$s"; return ;; esac
    sleep 0.25
  done
  echo "still ${s:-unknown} after 300 s"
}
exact_times() {  # exact_times VIDEO FRAMES FPS: every frame at exactly i/FPS s, a key frame first
  python3 - "$@" <<'PY'
import json, subprocess, sys
from fractions import Fraction
path, frames, fps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
probe = json.loads(subprocess.check_output(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
    "stream=time_base:packet=pts,flags", "-of", "json", path]))
base = Fraction(probe["streams"][0]["time_base"])
times = sorted(Fraction(p["pts"]) * base for p in probe["packets"])
if times != [Fraction(i, fps) for i in range(frames)]:
    sys.exit(f"{path}: {len(times)} frames, not exactly at i/{fps} s for i in 0..{frames - 1}")
if not probe["packets"][0]["flags"].startswith("K"):
    sys.exit(f"{path}: the first frame is not a key frame")
PY
}
framemd5() { ffmpeg -v error -i "$1" -f framemd5 - | grep -v '^#'; }

begin=$(date +%s)
lossy=$(submit lossy 4)
lossless=$(submit lossless 3 --crf 0 --scale 0.25)
# A strata that fails once for chunk 1 (as a node that dies would).
cat > "$work/flaky-strata" <<FLAKY
#!/bin/sh
if [ "\${SLURM_ARRAY_TASK_ID:-}" = 1 ] && mkdir "$work/failed-once" 2>/dev/null; then exit 1; fi
exec "$BIN" "\$@"
FLAKY
chmod +x "$work/flaky-strata"
flaky=$(STRATA=$work/flaky-strata submit flaky 2 --scale 0.25)

# 1. Four chunks, lossy.
s=$(wait_for "$lossy")
if [ "$s" = COMPLETED ]; then pass "4 chunks joined by the concat job"; else fail "the concat job of the 4-chunk render: $s"; fi
if exact_times "$work/lossy.mp4" 180 30; then pass "180 frames, each at exactly i/30 s, a key frame first"; else fail "timestamps"; fi
if "$BIN" check scenes/demo.yaml --video "$work/lossy.mp4" --quiet --artifacts "$work/check"; then
  pass "the golden frames of the joined video are within the codec's error"
else fail "strata check --video on the joined video"; fi

# 2. Three chunks, lossless.
s=$(wait_for "$lossless")
if [ "$s" = COMPLETED ]; then pass "3 lossless chunks joined"; else fail "the concat job of the lossless render: $s"; fi
"$BIN" render scenes/demo.yaml --crf 0 --scale 0.25 -o "$work/single.mp4" --quiet 2>/dev/null
if cmp -s <(framemd5 "$work/lossless.mp4") <(framemd5 "$work/single.mp4"); then
  pass "every lossless frame (and its time) equals the single-process render's"
else fail "lossless chunks differ from the single-process render"; fi

# 3. A failed chunk, then its retry.
s=$(wait_for "$flaky")
if [ "$s" = CANCELLED ] && [ ! -e "$work/flaky.mp4" ]; then pass "a failed chunk cancels the concat job; nothing written"
else fail "after a failed chunk the concat job is $s"; fi
retry=$(sbatch --parsable --chdir="$work/flaky" --array=1 farm/slurm/render-chunk.sbatch \
  "$(realpath scenes/demo.yaml)" "$work/flaky" 2 --scale 0.25)
concat=$(sbatch --parsable --chdir="$work/flaky" --dependency="afterok:$retry" --kill-on-invalid-dep=yes \
  farm/slurm/concat.sbatch "$work/flaky/manifest.json" "$work/flaky.mp4")
s=$(wait_for "$concat")
if [ "$s" = COMPLETED ] && exact_times "$work/flaky.mp4" 180 30; then pass "the chunk run again alone, then concat: 180 frames"
else fail "the retried render: concat $s"; fi

echo "the three renders took $(( $(date +%s) - begin )) s on the cluster"
echo "test-slurm: $passed passed, $failed failed"
exit $((failed > 0))
