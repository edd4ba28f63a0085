#!/usr/bin/env bash
# Media contents, as ratios against the libraries alone in the same rounds:
#   video:  strata render of a scene showing a 1080p H.264 clip full frame
#           (-j 1 and -j 2, frames discarded)  vs  libavcodec + swscale alone
#           decoding and converting the same clip (bench/ref/decode_bench.c)
#   lottie: strata render of a type: lottie layer showing bench/lottie/shapes.json
#           at its own size (1920x1080, -j 1)  vs  rlottie alone, one thread
#           (bench/ref/rlottie_bench.c)
#   validate: strata validate of the video scene (every frame of the clip decoded,
#           no conversion)  vs  the same libavcodec + swscale reference
# The clip is bench/scenes/shapes.yaml rendered to MP4 by strata itself.
#   bash bench/media.sh            ROUNDS=5 WORK=/tmp/strata-bench-media STRATA=path
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
ROUNDS=${ROUNDS:-5}
WORK=${WORK:-/tmp/strata-bench-media}
mkdir -p "$WORK"
log() { echo "bench/media: $*" >&2; }

make deps >/dev/null
if [ -z "${STRATA:-}" ]; then
  log "building strata (release)"
  swift build -c release >/dev/null
  STRATA=$(swift build -c release --show-bin-path)/strata
fi
cc -O2 -Wall -o "$WORK/decode_bench" bench/ref/decode_bench.c \
  $(pkg-config --cflags --libs libavformat libavcodec libavutil libswscale)
cc -O2 -Wall -o "$WORK/rlottie_bench" bench/ref/rlottie_bench.c $(pkg-config --cflags --libs rlottie) -lpthread

[ -f "$WORK/clip.mp4" ] || "$STRATA" render bench/scenes/shapes.yaml -o "$WORK/clip.mp4" --quiet
cat > "$WORK/video.yaml" <<YAML
strata: 1
canvas: {size: [1920, 1080], fps: 30, duration: 5s}
layers: [{frame: [0, 0, 1920, 1080], contents: $WORK/clip.mp4}]
YAML
cat > "$WORK/lottie.yaml" <<YAML
strata: 1
canvas: {size: [1920, 1080], fps: 30, duration: 5s}
layers: [{type: lottie, frame: [0, 0, 1920, 1080], animation: $ROOT/bench/lottie/shapes.json}]
YAML

# One measurement: prints "wall cpu" of the command.
timed() {
  local t=$WORK/time.txt
  { TIMEFORMAT='%3R %3U %3S'; time "$@" </dev/null >/dev/null 2>"$WORK/stderr.txt"; } 2>"$t" || {
    log "failed: $*"; cat "$WORK/stderr.txt" >&2; exit 1; }
  awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$t"
}

rows=$WORK/rows.tsv
: > "$rows"
for round in $(seq 1 "$ROUNDS"); do
  log "round $round/$ROUNDS"
  printf '%s\tvideo-j1\t%s\n' "$round" "$(timed "$STRATA" render "$WORK/video.yaml" -o /dev/null -j 1 --quiet)" >> "$rows"
  printf '%s\tvideo-j2\t%s\n' "$round" "$(timed "$STRATA" render "$WORK/video.yaml" -o /dev/null -j 2 --quiet)" >> "$rows"
  printf '%s\tdecode\t%s\n' "$round" "$(timed "$WORK/decode_bench" "$WORK/clip.mp4")" >> "$rows"
  printf '%s\tvalidate\t%s\n' "$round" "$(timed "$STRATA" validate "$WORK/video.yaml")" >> "$rows"
  printf '%s\tlottie-j1\t%s\n' "$round" "$(timed "$STRATA" render "$WORK/lottie.yaml" -o /dev/null -j 1 --quiet)" >> "$rows"
  printf '%s\trlottie\t%s\n' "$round" "$(timed "$WORK/rlottie_bench" bench/lottie/shapes.json 1)" >> "$rows"
done

python3 - "$rows" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
by = {}
for r, name, wall, cpu in rows:
    by.setdefault((int(r), name), (float(wall), float(cpu)))
rounds = sorted({r for r, _ in by})
def ratio(a, b, k):  # median over rounds of a/b (k: 0 wall, 1 cpu)
    return statistics.median(by[(r, a)][k] / by[(r, b)][k] for r in rounds)
print("| strata | reference | wall ratio | cpu ratio |")
print("| --- | --- | --- | --- |")
for a, b, what in [("video-j1", "decode", "1080p H.264 clip full frame, -j 1 | libavcodec + swscale alone, 1 thread"),
                   ("video-j2", "decode", "same, -j 2 | same"),
                   ("validate", "decode", "validate of that scene (every frame decoded) | same"),
                   ("lottie-j1", "rlottie", "type: lottie, shapes.json at 1920x1080, -j 1 | rlottie alone, 1 thread")]:
    print(f"| {what} | {ratio(a, b, 0):.2f} | {ratio(a, b, 1):.2f} |")
print(f"\n{len(rounds)} rounds; medians of per-round ratios (150 frames each).")
PY
