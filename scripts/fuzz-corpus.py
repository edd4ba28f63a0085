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
