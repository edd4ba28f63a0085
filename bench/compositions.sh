#!/bin/sh
# What 20 uses of one part cost against the same 20 cards written out
# (bench/compositions/, made by bench/gen_compositions.py): instructions
# counted by callgrind (stable on a shared machine, unlike time) over
# frames 0-29 of a 1080p render to /dev/null, one thread, split into the
# scene's load, sampling, planning, drawing and rasterizing (making the
# backing stores, all on the first frame). Both must draw the same frames:
# the script compares frame 15 of each, byte for byte, first.
#
#   bench/compositions.sh                   release build, frames 0-29
#   STRATA=path FRAMES=0-59 bench/compositions.sh
#
# Needs valgrind. Not part of `make bench`.
set -e
cd "$(dirname "$0")/.."
STRATA=${STRATA:-.build/release/strata}
FRAMES=${FRAMES:-0-29}
WORK=${WORK:-/tmp/strata-compositions}
command -v valgrind >/dev/null || { echo "compositions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
[ -x "$STRATA" ] || { echo "compositions.sh: no $STRATA (swift build -c release)" >&2; exit 2; }
mkdir -p "$WORK"
first=${FRAMES%-*}; last=${FRAMES#*-}
frames=$((last - first + 1))

for s in used written; do
  "$STRATA" render "bench/compositions/cards-$s.yaml" --frames 15 -o "$WORK/$s.png" --quiet
done
cmp "$WORK/used.png" "$WORK/written.png" || { echo "compositions.sh: frame 15 differs between the two scenes" >&2; exit 1; }

# Largest inclusive cost of the symbols matching $2 in annotate output $1.
cost() { grep -E "$2" "$1" | sed -E 's/^ *([0-9,]+).*/\1/' | tr -d , | sort -n | tail -1; }

printf '%-14s %10s %10s %12s %12s %12s %12s\n' scene "total" "load" "sample/frame" "plan/frame" "draw/frame" "rasterize"
for s in used written; do
  out=$WORK/$s.cg
  valgrind --tool=callgrind --callgrind-out-file="$out" "$STRATA" render "bench/compositions/cards-$s.yaml" \
    --frames "$FRAMES" -o /dev/null -j 1 --quiet >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --threshold=100 "$out" > "$WORK/$s.txt" 2>/dev/null
  total=$(grep 'PROGRAM TOTALS' "$WORK/$s.txt" | sed -E 's/^ *([0-9,]+).*/\1/' | tr -d ,)
  load=$(cost "$WORK/$s.txt" '11SceneLoaderO4load4file')
  sample=$(cost "$WORK/$s.txt" '14CompiledLayersV10renderTree2at')
  plan=$(cost "$WORK/$s.txt" '13FrameRendererC7prepare_')
  draw=$(cost "$WORK/$s.txt" '13FrameRendererC11drawChanges')
  raster=$(cost "$WORK/$s.txt" '10RasterizerV9rasterize')
  awk -v s="cards-$s" -v n="$frames" -v t="${total:-0}" -v l="${load:-0}" -v a="${sample:-0}" -v p="${plan:-0}" \
      -v d="${draw:-0}" -v r="${raster:-0}" 'BEGIN {
    printf "%-14s %9.1fM %9.1fM %11.2fM %11.2fM %11.2fM %11.1fM\n", s, t / 1e6, l / 1e6, a / n / 1e6, p / n / 1e6, d / n / 1e6, r / 1e6 }'
done
