#!/usr/bin/env python3
"""Seed corpora for the fuzz targets (Fuzz/), made from the repository.

Usage: scripts/fuzz-corpus.py OUT_DIR

Writes OUT_DIR/<target>/ for each target of Fuzz/StrataFuzz/FuzzTarget.swift:
  scene, frame  every scene of scenes/ (a first line `# fuzz-dir: FOLDER`
                tells the target where its relative asset paths start) and the
                hardening inputs of Tests/Inputs/hardening/
  path          the SVG path data of the scenes (`path:`, `shadowPath:`)
  values        each value of the scenes for the parser that reads it: one
                selector byte (the parser's index in ValuesTarget.parsers),
                then the value's YAML text
  image         the PNG and JPEG files of scenes/ and Tests/Inputs/, and a
                WebP made from one of them with ffmpeg when it is installed
Long-scalar seeds (issue 26): for every value parser, and in scenes for
the scene and frame targets, values with a LONG_RUN-byte run of spaces,
digits or letters, so super-linear work on one long scalar shows as an
input over libFuzzer's -timeout (the dictionaries in Fuzz/Dictionaries/
give the mutator the runs' pieces to grow and splice).
Inputs that once crashed a target (Tests/Inputs/fuzz/<target>/) are seeds
too, so every run tries them again. Only the standard library: CI runs it
on a fresh machine.
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["scene", "path", "values", "image", "frame"]
# Values per parser: the scenes repeat colours and times hundreds of times.
MAX_PER_PARSER = 60
# Bytes of a long-scalar seed's run: quadratic work on it takes far longer
# than -timeout, linear work a few milliseconds.
LONG_RUN = 256 * 1024

# One valid value per parser of VALUE_PARSERS (same order), each padded or
# stretched into long-scalar seeds.
LONG_VALUES = ['"red"', '[red, "#00ff00"]', '2s', '45deg', '12', '0.5', '3', '[10, 20]', '[10, 20]',
               '[0, 0, 10, 20]', '[{rotate: 45deg}]', '30', 'easeIn', '2', '"M 0 0 L 10 10"', '"M 0 0 L 10 10"',
               '0.5', '"M 0 0 L 10 10"']

# Parsers of ValuesTarget.parsers, in order, and the scene keys whose values they read.
VALUE_PARSERS = [
    ("color", ["backgroundColor", "borderColor", "shadowColor", "foregroundColor", "color", "fillColor",
               "strokeColor", "background"]),
    ("colors", ["colors"]),
    ("time", ["duration", "beginTime", "timeOffset", "lifetime", "at", "time", "start"]),
    ("angle", ["emissionRange", "emissionLongitude", "emissionLatitude", "spin", "rotate", "rotateX", "rotateY",
               "rotateZ"]),
    ("length", ["cornerRadius", "borderWidth", "shadowRadius", "lineWidth", "fontSize", "velocity"]),
    ("number", ["opacity", "shadowOpacity", "speed", "scale", "strokeEnd", "strokeStart", "alphaSpeed"]),
    ("integer", ["instanceCount", "seed", "strata"]),
    ("point", ["position", "anchorPoint", "emitterPosition", "startPoint", "endPoint"]),
    ("size", ["size", "emitterSize", "shadowOffset"]),
    ("rect", ["frame", "bounds", "contentsRect", "contentsCenter"]),
    ("transform", ["transform", "sublayerTransform", "instanceTransform"]),
    ("frame rate", ["fps"]),
    ("timing function", ["timingFunction"]),
    ("repeat count", ["repeatCount"]),
    ("motion path", ["path"]),
    ("shadow path", ["shadowPath"]),
    ("gain", ["volume", "gain"]),
    ("shape path", ["path"]),
]


def scene_files():
    for folder in ["scenes", "Tests/Inputs/hardening"]:
        for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(names):
                if name.endswith(".yaml"):
                    yield os.path.join(dirpath, name)


def flow_value(text, i):
    """The YAML value starting at text[i] on one line: a quoted string, a
    bracketed flow collection (balanced), or a plain scalar up to , } ] # or
    the end of the line."""
    while i < len(text) and text[i] == " ":
        i += 1
    if i >= len(text):
        return ""
    start, c = i, text[i]
    if c in "\"'":
        end = text.find(c, i + 1)
        return text[start:end + 1] if end > 0 else ""
    if c in "[{":
        depth, quote = 0, None
        while i < len(text) and text[i] != "\n":
            ch = text[i]
            if quote:
                quote = None if ch == quote else quote
            elif ch in "\"'":
                quote = ch
            elif ch in "[{":
                depth += 1
            elif ch in "]}":
                depth -= 1
                if depth == 0:
                    return text[start:i + 1]
            i += 1
        return ""
    m = re.match(r"[^,}\]#\n]+", text[i:])
    return m.group(0).strip() if m else ""


def stretched(value):
    """A value with a long run inside: padded with spaces, inside quotes
    (kept as text) and in front of a plain scalar, and with its digits or
    letters repeated."""
    spaces = " " * LONG_RUN
    quoted = value.startswith('"')
    inner = value[1:-1] if quoted else value
    yield '"%s%s%s"' % (spaces, inner, spaces)
    m = re.search(r"[0-9]+|[A-Za-z]+", inner)
    if m:
        run = (m.group(0) * (LONG_RUN // len(m.group(0)) + 1))[:LONG_RUN]
        yield value[:m.start() + quoted] + run + value[m.end() + quoted:]


def long_scalar_values():
    assert len(LONG_VALUES) == len(VALUE_PARSERS)
    for index, value in enumerate(LONG_VALUES):
        for text in stretched(value):
            yield bytes([index]) + text.encode()


def long_scalar_scenes():
    """One scene per kind of value, each with one long scalar."""
    spaces, letters = " " * LONG_RUN, "a" * LONG_RUN
    head = "strata: 1\ncanvas: {size: [64, 64], duration: 1s}\nlayers:\n"
    for layer in ['{backgroundColor: "%sred%s"}' % (spaces, spaces),
                  '{cornerRadius: %s}' % ("1" * LONG_RUN),
                  '{type: shape, path: "M 0 0%sL 9 9"}' % spaces,
                  '{animations: [{keyPath: "%sa", from: 0, to: 1, duration: 1s}]}' % ("a." * (LONG_RUN // 2)),
                  '{animations: [{keyPath: opacity, from: 0, to: 1, duration: "%s1s"}]}' % spaces,
                  '{type: text, string: "%s"}' % letters[:90000],
                  '{name: %s, contentsGravity: %s}' % (letters, letters)]:
        yield (head + "  - " + layer + "\n").encode()


def write(out, target, name, data):
    path = os.path.join(out, target, name)
    with open(path, "wb") as f:
        f.write(data)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    for t in TARGETS:
        shutil.rmtree(os.path.join(out, t), ignore_errors=True)
        os.makedirs(os.path.join(out, t))

    seen = {t: set() for t in TARGETS}

    per_parser = {}

    def add(target, data):
        if data in seen[target]:
            return
        seen[target].add(data)
        write(out, target, "seed-%04d" % len(seen[target]), data)

    for path in scene_files():
        text = open(path, encoding="utf-8").read()
        rel = os.path.relpath(os.path.dirname(path), os.path.join(ROOT, "scenes"))
        head = "" if rel == "." or rel.startswith("..") or "/" in rel else "# fuzz-dir: %s\n" % rel
        if len(text) <= 64 * 1024:  # big generated inputs make slow seeds
            add("scene", (head + text).encode())
            add("frame", (head + text).encode())
        for index, (_, keys) in enumerate(VALUE_PARSERS):
            for key in keys:
                for m in re.finditer(r"(?:^|[\s{,])%s:(?=\s)" % re.escape(key), text):
                    value = flow_value(text, m.end())
                    if value and len(value) < 4096 and per_parser.get(index, 0) < MAX_PER_PARSER:
                        per_parser[index] = per_parser.get(index, 0) + 1
                        add("values", bytes([index]) + value.encode())
                        if key in ("path", "shadowPath") and value.startswith('"'):
                            add("path", value[1:-1].encode())

    for data in long_scalar_values():
        add("values", data)
    for value in ['"M 0 0 L 10 10"']:
        for text in stretched(value):
            add("path", text[1:-1].encode())
    for text in long_scalar_scenes():
        add("scene", text)
        add("frame", text)

    for folder in ["scenes", "Tests/Inputs"]:
        for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(names):
                if name.lower().endswith((".png", ".jpg", ".jpeg", ".webp")):
                    add("image", open(os.path.join(dirpath, name), "rb").read())
    if shutil.which("ffmpeg"):
        webp = os.path.join(out, "seed.webp")
        source = os.path.join(ROOT, "scenes/animation/assets/logo.png")
        for extra in [[], ["-lossless", "1"]]:
            if subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", source] + extra + [webp]).returncode == 0:
                add("image", open(webp, "rb").read())
        if os.path.exists(webp):
            os.remove(webp)

    for t in TARGETS:
        crashes = os.path.join(ROOT, "Tests/Inputs/fuzz", t)
        if os.path.isdir(crashes):
            for name in sorted(os.listdir(crashes)):
                add(t, open(os.path.join(crashes, name), "rb").read())
        print("fuzz seeds: %-6s %4d" % (t, len(seen[t])))


if __name__ == "__main__":
    main()
