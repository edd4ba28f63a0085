#!/usr/bin/env python3
"""Checks that two renders of a benchmark frame show the same picture.

    python3 bench/compare.py A.(png|pam) B.(png|pam)

Prints `psnr=41.2 max=37 over8=0.31%`: PSNR (dB) over the RGB channels,
the largest channel difference, and the share of pixels where some channel
differs by more than 8. Different rasterizers differ in anti-aliasing, so
only a low PSNR or a large share means the scenes are not equivalent.
Reads 8-bit non-interlaced PNG (RGB or RGBA, as strata writes) and PAM
(as bench/ref/*_bench --dump writes), standard library only.
"""
import math
import struct
import sys
import zlib


def read_pam(data):
    end = data.index(b"ENDHDR\n") + 7
    fields = dict(line.split(" ", 1) for line in data[:end].decode().splitlines()[1:-1])
    w, h, depth = int(fields["WIDTH"]), int(fields["HEIGHT"]), int(fields["DEPTH"])
    return w, h, depth, data[end:end + w * h * depth]


def read_png(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            w, h, bits, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert bits == 8 and interlace == 0 and color in (2, 6), "only 8-bit RGB(A) PNG"
            depth = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    raw = zlib.decompress(b"".join(idat))
    stride = w * depth
    out = bytearray(stride * h)
    prev = bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(depth, stride):
                line[i] = (line[i] + line[i - depth]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                left = line[i - depth] if i >= depth else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - depth] if i >= depth else 0
                b = prev[i]
                c = prev[i - depth] if i >= depth else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return w, h, depth, bytes(out)


def load(path):
    data = open(path, "rb").read()
    return read_pam(data) if data.startswith(b"P7") else read_png(data)


def main():
    (wa, ha, da, a), (wb, hb, db, b) = load(sys.argv[1]), load(sys.argv[2])
    if (wa, ha) != (wb, hb):
        print(f"size differs: {wa}x{ha} vs {wb}x{hb}")
        return 1
    se, worst, over = 0, 0, 0
    for p in range(wa * ha):
        pa, pb = p * da, p * db
        big = False
        for c in range(3):
            d = abs(a[pa + c] - b[pb + c])
            se += d * d
            worst = max(worst, d)
            big = big or d > 8
        over += big
    mse = se / (wa * ha * 3)
    psnr = float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)
    print(f"psnr={psnr:.1f} max={worst} over8={100 * over / (wa * ha):.2f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
