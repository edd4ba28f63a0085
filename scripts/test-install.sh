#!/usr/bin/env bash
# make test-install: `make install` staged with DESTDIR, then run in a clean
# Debian 12 root that has only the runtime packages of the C libraries the
# binary links (found with ldd and dpkg -S on this machine): no Swift
# toolchain, no -dev packages, and no system fonts (the bundled DejaVu Sans
# must be found). Inside it: strata --version, no libswift* in ldd, the golden
# check of every scene, and a contact sheet and a text layer in the default
# font byte-identical to this machine's. Then make uninstall empties the stage.
# Needs root (chroot); the root is made once with debootstrap and kept in
# .build/test-install/root (STRATA_TEST_ROOT to put it elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$PWD/.build/test-install
ROOT=${STRATA_TEST_ROOT:-$WORK/root}
STAGE=$WORK/stage
BIN=.build/release/strata

[ "$(id -u)" = 0 ] || { echo "test-install: needs root (debootstrap, chroot)"; exit 1; }
command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap; }

# 1. Install into a stage with DESTDIR.
rm -rf "$STAGE"
make -s install DESTDIR="$STAGE" PREFIX=/usr/local >/dev/null
for f in bin/strata share/man/man1/strata.1 share/strata/fonts/DejaVuSans.ttf share/strata/fonts/LICENSE \
         share/bash-completion/completions/strata share/zsh/site-functions/_strata share/fish/vendor_completions.d/strata.fish; do
  [ -f "$STAGE/usr/local/$f" ] || { echo "test-install: make install did not install $f"; exit 1; }
done

# 2. The clean root: minimal Debian 12 from this machine's own Debian mirror.
if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
  mirror=$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
  [ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $3 == "bookworm" {print $2; exit}' /etc/apt/sources.list 2>/dev/null)
  [ -n "$mirror" ] || { echo "test-install: no Debian mirror in /etc/apt"; exit 1; }
  echo "test-install: debootstrap --variant=minbase bookworm (once)"
  rm -rf "$ROOT"
  debootstrap --variant=minbase bookworm "$ROOT" "$mirror" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log"; exit 1; }
fi
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
trap 'umount "$ROOT/proc" 2>/dev/null || true' EXIT

# The runtime packages: whatever provides each library the binary links here, and
# the FFmpeg libraries it opens on first use (their sonames are in the binary, from
# Sources/CAVLoader; ldconfig says where they are).
libraries() {
  ldd "$BIN" | awk '$2 == "=>" {print $3}'
  grep -aoE 'lib(avcodec|avformat|avfilter|swresample)\.so\.[0-9]+' "$BIN" | sort -u | while read -r soname; do
    # awk reads to the end: exiting at the first match would kill ldconfig with
    # SIGPIPE, which pipefail turns into the script's failure.
    ldconfig -p | awk -v so="$soname" '$1 == so && !found {print $NF; found = 1}'
  done
}
packages=$(libraries | while read -r lib; do
  dpkg -S "$lib" 2>/dev/null || dpkg -S "${lib#/usr}" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null || true
done | cut -d: -f1 | sort -u | tr '\n' ' ')
case " $packages " in *-dev\ *|*swift*) echo "test-install: unexpected package in '$packages'"; exit 1;; esac
echo "test-install: runtime packages: $packages"
chroot "$ROOT" /usr/bin/env DEBIAN_FRONTEND=noninteractive sh -c \
  "apt-get update -qq && apt-get install -y -qq --no-install-recommends $packages" >"$WORK/apt.log" 2>&1 \
  || { tail -20 "$WORK/apt.log"; exit 1; }
# No system fonts: what fontconfig finds must be the bundled font.
rm -rf "$ROOT/usr/share/fonts" "$ROOT/usr/local/share/fonts" "$ROOT/var/cache/fontconfig"
if chroot "$ROOT" sh -c 'command -v swift swiftc' >/dev/null 2>&1 || [ -e "$ROOT/opt/swift" ]; then
  echo "test-install: the root has a Swift toolchain"; exit 1
fi

# 3. The installed tree, the scenes and their goldens.
rm -rf "$ROOT/usr/local/bin/strata" "$ROOT/usr/local/share/strata" "$ROOT/project"
cp -a "$STAGE/usr/local/." "$ROOT/usr/local/"
mkdir -p "$ROOT/project/out"
cp -a scenes golden "$ROOT/project/"
cat > "$ROOT/project/text.yaml" <<'YAML'
strata: 1
canvas: {size: [160, 48], background: "#ffffff"}
layers:
  - {type: text, string: "Strata 0123", bounds: [0, 0, 160, 48], position: [80, 24], fontSize: 24, foregroundColor: "#000000"}
YAML

run() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root sh -c "cd /project && $1"; }
run 'strata --version'
if run 'ldd /usr/local/bin/strata' | grep -i swift; then echo "test-install: the binary links the Swift runtime"; exit 1; fi
run 'strata check scenes --artifacts out/check --quiet' | tail -1
run 'strata render scenes/demo.yaml -o out/sheet.png --contact-sheet 3x2 --quiet'
run 'strata render text.yaml -o out/text.png --time 0 --quiet'
# The same renders here, with this machine's fonts (the same DejaVu Sans file), must be the same bytes.
mkdir -p "$WORK/host"
"$BIN" render scenes/demo.yaml -o "$WORK/host/sheet.png" --contact-sheet 3x2 --quiet
"$BIN" render "$ROOT/project/text.yaml" -o "$WORK/host/text.png" --time 0 --quiet
cmp "$ROOT/project/out/sheet.png" "$WORK/host/sheet.png"
cmp "$ROOT/project/out/text.png" "$WORK/host/text.png"

# 4. make uninstall leaves nothing in the stage.
make -s uninstall DESTDIR="$STAGE" PREFIX=/usr/local
left=$(find "$STAGE" -type f | head -5)
[ -z "$left" ] || { echo "test-install: make uninstall left $left"; exit 1; }
echo "test-install: passed (installed binary, man page, completions and fonts; runs without the toolchain)"
