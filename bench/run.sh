#!/usr/bin/env bash
# Strata's benchmarks, as ratios against references measured in the same run.
#
#   bash bench/run.sh            (or: make bench)
#
# Environment:
#   ROUNDS=5          interleaved rounds; every figure is a median over rounds
#   SCENES="W1 W2 W3 shapes cards-clip ui-cards"   (SCENES="" CODECS="": only the MP4 part)
#                     W1-W3 are the reference workloads, read from WORKLOADS;
#                     the others are bench/scenes (bench/gen_scenes.py)
#   MP4_SCENES="W1 W2 W3 ui-cards"   scenes also timed end to end to MP4
#   MEMORY=1          peak memory of 10 s, 60 s and 3840x2160 renders (0: skip)
#   WORKLOADS=dir     the reference workloads W*.yaml / W*.json (default: the
#                     first ../shared/bench found from the repository upwards)
#   STRATA=path       use this strata binary instead of building one
#   SCRATCH=dir       swift build --scratch-path (default .build)
#   WORK=dir          scratch folder for reference builds and outputs (default /tmp/strata-bench)
#   THORVG=0          skip ThorVG (taken from the thorvg-python wheel on PyPI)
#   CODECS="hevc av1 vp9 prores"   other codecs timed end to end against their encoder alone (apng also works: slow at 1080p)
#   OUT=file          results file (default bench/results.md; raw rows go beside it as .tsv)
#
# What is timed (wall clock of the whole process, from the file to the last
# frame, bash `time`; CPU = user + sys):
#   strata render SCENE.yaml -o /dev/null -j N    render only (frames discarded)
#   rlottie_bench SCENE.json N                    rlottie, N threads, same scene as Lottie
#   thorvg_bench SCENE.json N                     ThorVG, 1 thread + N-1 ThorVG workers
#   strata render SCENE.yaml -o x.mp4             the whole MP4 pipeline
#   x264_bench frames/                            libx264 alone on the same frames (strata's PNGs), VideoWriter settings
#   strata render ui-cards.yaml -o x.EXT --codec C  each other codec's whole pipeline
#   x264_bench frames/ 2 veryfast Q ENCODER PIXFMT  that encoder alone on the same frames, VideoWriter settings
# Each round runs every measurement once, in an order reversed on odd rounds,
# so that the two sides of each ratio see the same machine load. Peak memory
# (max RSS, /usr/bin/time) is measured once, after the rounds.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
ROUNDS=${ROUNDS:-5}
SCENES=${SCENES-"W1 W2 W3 shapes cards-clip ui-cards"}
MP4_SCENES=${MP4_SCENES-"W1 W2 W3 ui-cards"}
MEMORY=${MEMORY:-1}
WORK=${WORK:-/tmp/strata-bench}
THORVG=${THORVG:-1}
CODECS=${CODECS-"hevc av1 vp9 prores"}
OUT=${OUT:-bench/results.md}
RAW=${OUT%.md}.tsv
MEM=${OUT%.md}-memory.tsv
THORVG_WHEEL=thorvg-python==1.1.3
if [ -z "${WORKLOADS:-}" ]; then
  for d in ../shared/bench ../../shared/bench ../../../shared/bench; do
    if [ -f "$d/W1.yaml" ]; then WORKLOADS=$(cd "$d" && pwd); break; fi
  done
fi
WORKLOADS=${WORKLOADS:-../shared/bench}
mkdir -p "$WORK" "$(dirname "$OUT")"
log() { echo "bench: $*" >&2; }

# ---------------------------------------------------------------- dependencies
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
apt_install() {
  log "installing $* with apt-get"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
make deps >/dev/null
pkg-config --exists rlottie || apt_install librlottie-dev
command -v cc >/dev/null || apt_install gcc libc6-dev
command -v python3 >/dev/null || apt_install python3

# ---------------------------------------------------------------- builds
if [ -z "${STRATA:-}" ]; then
  log "building strata (release)"
  swift build -c release ${SCRATCH:+--scratch-path "$SCRATCH"} >/dev/null
  STRATA=$(swift build -c release ${SCRATCH:+--scratch-path "$SCRATCH"} --show-bin-path)/strata
fi
STRATA=$(cd "$(dirname "$STRATA")" && pwd)/$(basename "$STRATA")
log "strata: $STRATA"
CFLAGS="-O2 -Wall"
cc $CFLAGS -o "$WORK/rlottie_bench" bench/ref/rlottie_bench.c $(pkg-config --cflags --libs rlottie) -lpthread
cc $CFLAGS -o "$WORK/x264_bench" bench/ref/x264_bench.c \
  $(pkg-config --cflags --libs libavcodec libavutil libswscale libpng)

HAVE_THORVG=0
if [ "$THORVG" = 1 ]; then
  TVG=$WORK/thorvg
  if [ ! -f "$TVG/thorvg_python/libthorvg-1.so" ]; then
    log "fetching $THORVG_WHEEL (for its libthorvg-1.so)"
    rm -rf "$TVG" && mkdir -p "$TVG"
    if python3 -m pip download -q --no-deps --only-binary=:all: -d "$TVG" "$THORVG_WHEEL" >/dev/null 2>&1; then
      python3 -c "import sys, zipfile, glob; zipfile.ZipFile(glob.glob(sys.argv[1] + '/*.whl')[0]).extractall(sys.argv[1])" "$TVG"
    fi
  fi
  if [ -f "$TVG/thorvg_python/libthorvg-1.so" ]; then
    ln -sf libthorvg-1.so "$TVG/thorvg_python/libthorvg-1.so.1"
    cc $CFLAGS -o "$WORK/thorvg_bench" bench/ref/thorvg_bench.c -L"$TVG/thorvg_python" -l:libthorvg-1.so \
      -Wl,-rpath,"$TVG/thorvg_python" -lpthread && HAVE_THORVG=1
  fi
  [ "$HAVE_THORVG" = 1 ] || log "ThorVG unavailable; its columns stay empty"
fi


# A scene's files: the reference workloads W1-W3 from WORKLOADS (read there,
# never copied into the repository), the others from bench/.
yaml_of() { case $1 in W[0-9]*) echo "$WORKLOADS/$1.yaml" ;; *) echo "bench/scenes/$1.yaml" ;; esac; }
json_of() { case $1 in W[0-9]*) echo "$WORKLOADS/$1.json" ;; *) echo "bench/lottie/$1.json" ;; esac; }
for scene in $SCENES $MP4_SCENES; do
  if [ ! -f "$(yaml_of "$scene")" ]; then
    log "no scene '$scene' ($(yaml_of "$scene")); W1-W3 need WORKLOADS=dir"
    exit 2
  fi
done

# ---------------------------------------------------------------- equivalence
# The Lottie files must show the strata scenes: compare two frames of each.
EQUIV=$WORK/equivalence.tsv
: > "$EQUIV"
for scene in $SCENES; do
  for frame in 40 140; do
    "$STRATA" render "$(yaml_of "$scene")" --frames "$frame" -o "$WORK/$scene-$frame.png" --quiet
    "$WORK/rlottie_bench" "$(json_of "$scene")" --dump "$frame" "$WORK/$scene-$frame-rlottie.pam"
    printf '%s\t%s\trlottie\t%s\n' "$scene" "$frame" \
      "$(python3 bench/compare.py "$WORK/$scene-$frame.png" "$WORK/$scene-$frame-rlottie.pam")" >> "$EQUIV"
    if [ "$HAVE_THORVG" = 1 ]; then
      "$WORK/thorvg_bench" "$(json_of "$scene")" --dump "$frame" "$WORK/$scene-$frame-thorvg.pam"
      printf '%s\t%s\tthorvg\t%s\n' "$scene" "$frame" \
        "$(python3 bench/compare.py "$WORK/$scene-$frame.png" "$WORK/$scene-$frame-thorvg.pam")" >> "$EQUIV"
    fi
  done
done

# ---------------------------------------------------------------- measurements
# One row per run: round, name, scene, threads, frames, wall, cpu, extra.
printf 'round\tname\tscene\tthreads\tframes\twall\tcpu\textra\n' > "$RAW"
FRAMES=150
timed() { # timed ROUND NAME SCENE THREADS CMD... : appends a row
  local round=$1 name=$2 scene=$3 threads=$4; shift 4
  local tfile=$WORK/time.txt ofile=$WORK/stdout.txt
  { TIMEFORMAT='%3R %3U %3S'; time "$@" </dev/null >"$ofile" 2>"$WORK/stderr.txt"; } 2>"$tfile" || {
    log "failed: $*"; cat "$WORK/stderr.txt" >&2; exit 1; }
  read -r wall user sys < "$tfile"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$name" "$scene" "$threads" "$FRAMES" "$wall" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')" \
    "$(tr '\n' ' ' < "$ofile")" >> "$RAW"
}

measurements() { # the list of runs of one round, one per line
  for scene in $SCENES; do
    for j in 1 2; do
      echo "strata $scene $j $STRATA render $(yaml_of "$scene") -o /dev/null -j $j --quiet"
      echo "rlottie $scene $j $WORK/rlottie_bench $(json_of "$scene") $j"
      [ "$HAVE_THORVG" = 0 ] || echo "thorvg $scene $j $WORK/thorvg_bench $(json_of "$scene") $j"
    done
  done
  for scene in $MP4_SCENES; do
    echo "strata-mp4 $scene 2 $STRATA render $(yaml_of "$scene") -o $WORK/$scene.mp4 --quiet"
    echo "x264 $scene 2 $WORK/x264_bench $WORK/$scene-frames 2 veryfast 20"
  done
  # codec: extension, strata --codec, quality (ProRes: profile), libavcodec encoder, the pixel
  # format strata gives it for this opaque scene (VideoEncoderSetup, OutputFormat.swift).
  for codec in $CODECS; do
    case $codec in
      hevc) set -- mp4 hevc 22 libx265 yuv420p ;;
      av1) set -- mp4 av1 32 libsvtav1 yuv420p ;;
      vp9) set -- webm vp9 31 libvpx-vp9 yuv420p ;;
      prores) set -- mov prores-4444 4 prores_ks yuv444p10le ;;
      apng) set -- apng apng 0 apng rgb24 ;;
      *) log "unknown codec $codec"; exit 2 ;;
    esac
    echo "strata-$codec ui-cards 2 $STRATA render bench/scenes/ui-cards.yaml -o $WORK/ui-cards-$codec.$1 --codec $2 --quiet"
    echo "enc-$codec ui-cards 2 $WORK/x264_bench $WORK/ui-cards-frames 2 veryfast $3 $4 $5"
  done
}

# The x264 reference encodes the very frames strata's MP4 pipeline encodes
# (ui-cards' frames also feed the other codecs' encoders).
FRAME_SCENES=$(echo $MP4_SCENES ${CODECS:+ui-cards} | tr ' ' '\n' | awk '!seen[$0]++' | tr '\n' ' ')
for scene in $FRAME_SCENES; do
  rm -rf "$WORK/$scene-frames"
  "$STRATA" render "$(yaml_of "$scene")" -o "$WORK/$scene-frames/" --quiet
done
START_LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
for round in $(seq 1 "$ROUNDS"); do
  log "round $round/$ROUNDS"
  if [ $((round % 2)) = 1 ]; then order=cat; else order=tac; fi
  measurements | $order | while read -r name scene threads cmd; do
    # shellcheck disable=SC2086
    timed "$round" "$name" "$scene" "$threads" $cmd
  done
done
END_LOAD=$(cut -d' ' -f1-3 /proc/loadavg)

# ---------------------------------------------------------------- peak memory
# W1 with its animations repeating, to MP4 for 10 s and for 60 s (the same
# scene, only longer: memory must not grow with the length), and 2 s of it
# at 3840x2160 (--scale 2).
printf 'name\tseconds\tpixels\tmaxrss_kb\twall\n' > "$MEM"
if [ "$MEMORY" = 1 ]; then
  peak() { # peak NAME SECONDS PIXELS ARGS... : appends a row
    local name=$1 seconds=$2 pixels=$3; shift 3
    /usr/bin/time -f '%M %e' -o "$WORK/mem.txt" "$STRATA" render "$@" --quiet </dev/null ||
      { log "failed: memory run $name"; exit 1; }
    read -r kb wall < "$WORK/mem.txt"
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$seconds" "$pixels" "$kb" "$wall" >> "$MEM"
  }
  for seconds in 10 60; do
    sed -e "s/^  duration: 5s\$/  duration: ${seconds}s/" -e 's/duration: 5s, /duration: 5s, repeatCount: inf, /' \
      "$(yaml_of W1)" > "$WORK/W1-${seconds}s.yaml"
    log "peak memory: W1, ${seconds} s to MP4"
    peak "W1, ${seconds} s" "$seconds" 1920x1080 "$WORK/W1-${seconds}s.yaml" -o "$WORK/W1-${seconds}s.mp4"
  done
  log "peak memory: W1 at 3840x2160, 2 s to MP4"
  peak "W1, 2 s at 3840x2160" 2 3840x2160 "$WORK/W1-10s.yaml" --scale 2 --frames 0-59 -o "$WORK/W1-4k.mp4"
fi

# ---------------------------------------------------------------- report
export BENCH_STRATA="$STRATA" BENCH_WORK="$WORK" BENCH_ROUNDS="$ROUNDS" BENCH_START_LOAD="$START_LOAD" \
  BENCH_END_LOAD="$END_LOAD" BENCH_HAVE_THORVG="$HAVE_THORVG" BENCH_THORVG_WHEEL="$THORVG_WHEEL" \
  BENCH_SCENES="$SCENES" BENCH_MP4_SCENES="$MP4_SCENES"
python3 bench/report.py "$RAW" "$EQUIV" "$MEM" > "$OUT"
log "wrote $OUT, $RAW and $MEM"
cat "$OUT"
