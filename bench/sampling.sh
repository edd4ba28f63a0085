#!/bin/sh
# What sampling a frame costs (time -> RenderTree, on the compiled scene),
# in instructions counted by callgrind (stable on a shared machine, unlike
# time), per frame and per layer, and as a ratio to drawing the same frames
# (FrameRenderer) counted in the same run. Release build, one thread.
#
#   bench/sampling.sh                      W1 W2 W3 and the bench/ scenes
#   STRATA=path SCENES="W2" FRAMES=0-29 bench/sampling.sh
#
# Workloads W1-W3 are read from the first ../shared/bench found from the
# repository upwards (WORKLOADS=dir to choose). Needs valgrind.
set -e
cd "$(dirname "$0")/.."
STRATA=${STRATA:-.build/release/strata}
FRAMES=${FRAMES:-0-29}
SCENES=${SCENES:-"W1 W2 W3 shapes cards-clip ui-cards"}
WORK=${WORK:-/tmp/strata-sampling}
if [ -z "${WORKLOADS:-}" ]; then
  for d in ../shared/bench ../../shared/bench ../../../shared/bench; do
    if [ -f "$d/W1.yaml" ]; then WORKLOADS=$(cd "$d" && pwd); break; fi
  done
fi
command -v valgrind >/dev/null || { echo "sampling.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
[ -x "$STRATA" ] || { echo "sampling.sh: no $STRATA (swift build -c release)" >&2; exit 2; }
mkdir -p "$WORK"
first=${FRAMES%-*}; last=${FRAMES#*-}
frames=$((last - first + 1))

# Largest inclusive cost of the symbols matching $2 in annotate output $1.
cost() { grep -E "$2" "$1" | sed -E 's/^ *([0-9,]+).*/\1/' | tr -d , | sort -n | tail -1; }

printf '%-12s %8s %14s %14s %12s %10s\n' scene layers "sample/frame" "draw/frame" "sample/layer" "sample÷draw"
for s in $SCENES; do
  case $s in W*) file=$WORKLOADS/$s.yaml ;; *) file=bench/scenes/$s.yaml ;; esac
  [ -f "$file" ] || { echo "sampling.sh: no $file" >&2; continue; }
  out=$WORK/$s.cg
  valgrind --tool=callgrind --callgrind-out-file="$out" "$STRATA" render "$file" --frames "$FRAMES" \
    -o /dev/null -j 1 --quiet >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --threshold=100 "$out" > "$WORK/$s.txt" 2>/dev/null
  # Sampling: the compiled scene's renderTree (before: Sampler.renderTree(of:at:)).
  sample=$(cost "$WORK/$s.txt" '14CompiledLayersV10renderTree2at|7SamplerO10renderTree2of2at')
  draw=$(cost "$WORK/$s.txt" '13FrameRendererC6render_')
  layers=$("$STRATA" inspect "$file" --compact 2>/dev/null \
    | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["layers"]))')
  awk -v s="$s" -v n="$frames" -v a="${sample:-0}" -v d="${draw:-0}" -v l="$layers" 'BEGIN {
    printf "%-12s %8d %13.2fM %13.2fM %11.0fk %10.3f\n", s, l, a / n / 1e6, d / n / 1e6, (l > 0 ? a / n / l / 1e3 : 0), (d > 0 ? a / d : 0) }'
done
