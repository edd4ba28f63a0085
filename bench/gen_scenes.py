#!/usr/bin/env python3
"""Writes the benchmark scenes twice from one set of parameters: as Strata
YAML (bench/scenes/NAME.yaml) and as equivalent Lottie JSON
(bench/lottie/NAME.json), so that strata and rlottie draw the same pictures.

    python3 bench/gen_scenes.py        # rewrites both folders

Equivalence, layer by layer:
- A layer (bounds w x h, position p, anchorPoint centre) is a Lottie layer
  with anchor (w/2, h/2) and position p; its rotation (degrees, clockwise on
  screen in both) and uniform scale turn about that anchor.
- backgroundColor is a rounded-rect fill of the bounds ("rc" + "fl").
- A border of width bw is drawn inside the bounds in Core Animation; in
  Lottie it is a stroke of width bw centred on the rect inset by bw/2 with
  radius r - bw/2, which covers exactly the same ring.
- Core Animation draws the border above the sublayers, so a card is a
  precomp whose layers are, top first: border, chip, background.
- masksToBounds clips sublayers: the sublayer (chip) carries a mask of the
  card's rounded rect (bezier, kappa 0.5523) in the chip's own space.
- Layer opacity is the layer's "o" (x100); a translucent card with a
  sublayer is a group in both (rlottie draws a precomp with alpha < 1 and
  overlapping content offscreen).
- easeInEaseOut is the bezier (0.42, 0, 0.58, 1); autoreverses is a second
  keyframe back to the start with the same curve (the curve is symmetric).
- Frame i is time i / 30 s in both: 150 frames, keyframes at 0, 75, 150.
The canvas background is a full-canvas rect at the bottom of the Lottie.
"""
import json
import math
import os

FPS = 30
SECONDS = 5
FRAMES = FPS * SECONDS          # 150
W, H = 1920, 1080
BACKGROUND = (0x0F, 0x12, 0x26)
EASE = ([0.42], [0.0], [0.58], [1.0])   # o.x, o.y, i.x, i.y
LINEAR = ([0.0], [0.0], [1.0], [1.0])
PALETTE = [(0x7C, 0x5C, 0xFF), (0x2E, 0xC4, 0xB6), (0xFF, 0x5D, 0x8F), (0xFF, 0xD1, 0x66),
           (0x4C, 0xC9, 0xF0), (0x43, 0x61, 0xEE), (0xB5, 0x17, 0x9E), (0xF7, 0x25, 0x85)]
HERE = os.path.dirname(os.path.abspath(__file__))


def r3(v):
    """Rounds to 3 decimals so YAML and JSON carry the very same numbers."""
    return round(v, 3)


def hexa(rgb, alpha):
    return "#%02x%02x%02x%02x" % (rgb[0], rgb[1], rgb[2], round(alpha * 255))


def alpha_of(alpha):
    """The alpha a #rrggbbaa colour really carries (8 bits)."""
    return round(alpha * 255) / 255


# ---------------------------------------------------------------- Lottie parts

def static(v):
    return {"a": 0, "k": v}


def keyframes(values, times, curve):
    """values[i] at frame times[i]; each segment eased by `curve`."""
    ox, oy, ix, iy = curve
    def arr(v):
        return v if isinstance(v, list) else [v]
    k = []
    for n in range(len(values) - 1):
        k.append({"t": times[n], "s": arr(values[n]), "e": arr(values[n + 1]),
                  "o": {"x": ox, "y": oy}, "i": {"x": ix, "y": iy}})
    k.append({"t": times[-1], "s": arr(values[-1])})
    return {"a": 1, "k": k}


def there_and_back(a, b, curve=EASE):
    """Core Animation from a to b over half the scene, autoreverses."""
    return keyframes([a, b, a], [0, FRAMES // 2, FRAMES], curve)


def transform(anchor, position, rotation=None, scale=None, opacity=None):
    return {"o": opacity or static(100), "r": rotation or static(0),
            "p": position, "a": static([anchor[0], anchor[1], 0]),
            "s": scale or static([100, 100, 100])}


def group(items):
    tr = {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]),
          "r": static(0), "o": static(100), "sk": static(0), "sa": static(0)}
    return {"ty": "gr", "it": items + [tr]}


def rect(cx, cy, w, h, r):
    return {"ty": "rc", "d": 1, "p": static([cx, cy]), "s": static([w, h]), "r": static(r)}


def fill(rgb, alpha):
    return {"ty": "fl", "c": static([rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1]),
            "o": static(r3(alpha_of(alpha) * 100)), "r": 1}


def stroke(rgb, alpha, width):
    return {"ty": "st", "c": static([rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1]),
            "o": static(r3(alpha_of(alpha) * 100)), "w": static(width), "lc": 2, "lj": 1, "ml": 4}


def background_shapes(w, h, r, rgb, alpha):
    return group([rect(w / 2, h / 2, w, h, r), fill(rgb, alpha)])


def border_shapes(w, h, r, bw, rgb, alpha):
    return group([rect(w / 2, h / 2, w - bw, h - bw, max(0, r - bw / 2)), stroke(rgb, alpha, bw)])


def shape_layer(ind, name, ks, shapes):
    return {"ddd": 0, "ind": ind, "ty": 4, "nm": name, "sr": 1, "ks": ks, "ao": 0,
            "shapes": shapes, "ip": 0, "op": FRAMES, "st": 0, "bm": 0}


def rounded_rect_path(w, h, r, dx=0, dy=0):
    """A closed bezier rounded rect (dx, dy, w, h), for a mask."""
    k = 0.5522847498 * r
    v = [[r3(x + dx), r3(y + dy)] for x, y in
         [[r, 0], [w - r, 0], [w, r], [w, h - r], [w - r, h], [r, h], [0, h - r], [0, r]]]
    # In tangent (i) and out tangent (o) of each vertex, relative to it.
    i = [[-k, 0], [0, 0], [0, -k], [0, 0], [k, 0], [0, 0], [0, k], [0, 0]]
    o = [[0, 0], [k, 0], [0, 0], [0, k], [0, 0], [-k, 0], [0, 0], [0, -k]]
    return {"i": i, "o": o, "v": v, "c": True}


def lottie(name, layers, assets=()):
    return {"v": "5.7.4", "fr": FPS, "ip": 0, "op": FRAMES, "w": W, "h": H, "nm": name, "ddd": 0,
            "assets": list(assets), "layers": layers}


def canvas_layer(ind):
    return shape_layer(ind, "background", transform([0, 0], static([0, 0, 0])),
                       [background_shapes(W, H, 0, BACKGROUND, 1)])


# ---------------------------------------------------------------- YAML parts

def yaml_header(title, comment):
    lines = ["# " + l for l in comment.strip().splitlines()]
    return "\n".join([f"# Benchmark scene '{title}' (generated by bench/gen_scenes.py; do not edit)."] + lines + [
        "strata: 1",
        "canvas:",
        f"  size: [{W}, {H}]",
        f"  fps: {FPS}",
        f"  duration: {SECONDS}s",
        '  background: "#%02x%02x%02x"' % BACKGROUND,
        "layers:",
    ])


def num(v):
    return ("%.3f" % v).rstrip("0").rstrip(".")


def pt(p):
    return "[%s, %s]" % (num(p[0]), num(p[1]))


def anim(key, frm, to, duration, extra=""):
    return "{keyPath: %s, from: %s, to: %s, duration: %ss%s}" % (key, frm, to, num(duration), extra)


AUTOREV = ", autoreverses: true, timingFunction: easeInEaseOut"
HALF = SECONDS / 2


# ---------------------------------------------------------------- scenes 1-2: cards

def cards(name, fade):
    """30 cards (6 x 5), each translucent, rounded, bordered, masksToBounds,
    with a chip sliding through it (clipped at both ends): 60 animated layers.
    With `fade` the cards' opacity animates, so each card is a group."""
    cw, ch, cr, bw = 260, 150, 24, 3
    border_rgb, border_a = (255, 255, 255), 0x66 / 255
    chip_w, chip_h, chip_r, chip_a, chip_y = 140, 40, 20, 0x59 / 255, 110
    fading = ("drifts and fades" if fade else "drifts (opacity stays 1)")
    groups = ("cards with opacity < 1 are composited as groups." if fade
              else "no layer needs a group.")
    yaml = [yaml_header(name, f"""
1080p UI motion: 30 cards in a 6x5 grid, each a translucent rounded card
(radius 24, 3 px translucent border, masksToBounds) that {fading},
every third one tilting, with a pill sliding through it and clipped by it.
60 animated layers; {groups}""")]
    lottie_layers, assets = [], []
    ind = 1
    for i in range(30):
        row, col = divmod(i, 6)
        p0 = (200 + col * 304, 140 + row * 200)
        d = (r3(50 * math.cos(i * 0.9)), r3(35 * math.sin(i * 1.3)))
        p1 = (p0[0] + d[0], p0[1] + d[1])
        rgb = PALETTE[i % len(PALETTE)]
        bg_a = 0xD9 / 255
        fade_to = r3(0.45 + 0.1 * (i % 5))
        tilt = (6 if i % 2 == 0 else -6) if i % 3 == 0 else 0
        chip_from, chip_to = -20 + (i % 4) * 10, 280 - (i % 3) * 10
        yaml += [
            f"  - name: card{i}",
            f"    bounds: [0, 0, {cw}, {ch}]",
            f"    position: {pt(p0)}",
            f"    cornerRadius: {cr}",
            f"    borderWidth: {bw}",
            f'    borderColor: "{hexa(border_rgb, border_a)}"',
            f'    backgroundColor: "{hexa(rgb, bg_a)}"',
            "    masksToBounds: true",
            "    animations:",
            "      - " + anim("position", pt(p0), pt(p1), HALF, AUTOREV),
        ]
        if fade:
            yaml.append("      - " + anim("opacity", 1, num(fade_to), HALF, AUTOREV))
        if tilt:
            yaml.append("      - " + anim("transform.rotation.z", "0deg", f"{tilt}deg", HALF, AUTOREV))
        yaml += [
            "    sublayers:",
            "      - name: chip",
            f"        bounds: [0, 0, {chip_w}, {chip_h}]",
            f"        position: [{chip_from}, {chip_y}]",
            f"        cornerRadius: {chip_r}",
            f'        backgroundColor: "{hexa((255, 255, 255), chip_a)}"',
            "        animations:",
            "          - " + anim("position.x", chip_from, chip_to, SECONDS),
        ]
        # Lottie: precomp card_i = [border, chip, background] (top first).
        # masksToBounds clips the sublayer only: the chip carries a mask of
        # the card's rounded rect in its own (moving) space, so the mask moves
        # linearly against the chip. This is the cheapest exact encoding for
        # a Lottie player (no precomp mask over the whole card).
        chip_pos = keyframes([[chip_from, chip_y, 0], [chip_to, chip_y, 0]], [0, FRAMES], LINEAR)
        def card_in_chip_space(x):
            return rounded_rect_path(cw, ch, cr, dx=chip_w / 2 - x, dy=chip_h / 2 - chip_y)
        mask = {"inv": False, "mode": "a", "o": static(100), "x": static(0), "nm": "masksToBounds",
                "pt": keyframes([card_in_chip_space(chip_from), card_in_chip_space(chip_to)], [0, FRAMES], LINEAR)}
        chip = shape_layer(2, "chip", transform([chip_w / 2, chip_h / 2], chip_pos),
                           [background_shapes(chip_w, chip_h, chip_r, (255, 255, 255), chip_a)])
        chip["hasMask"] = True
        chip["masksProperties"] = [mask]
        assets.append({"id": f"card{i}", "layers": [
            shape_layer(1, "border", transform([0, 0], static([0, 0, 0])),
                        [border_shapes(cw, ch, cr, bw, border_rgb, border_a)]),
            chip,
            shape_layer(3, "background", transform([0, 0], static([0, 0, 0])),
                        [background_shapes(cw, ch, cr, rgb, bg_a)]),
        ]})
        ks = transform([cw / 2, ch / 2], there_and_back([p0[0], p0[1], 0], [p1[0], p1[1], 0]),
                       rotation=there_and_back(0, tilt) if tilt else None,
                       opacity=there_and_back(100, r3(fade_to * 100)) if fade else None)
        lottie_layers.append({"ddd": 0, "ind": ind, "ty": 0, "nm": f"card{i}", "refId": f"card{i}",
                              "sr": 1, "ks": ks, "ao": 0, "w": cw, "h": ch,
                              "ip": 0, "op": FRAMES, "st": 0, "bm": 0})
        ind += 1
    lottie_layers.reverse()     # Lottie lists the top layer first
    lottie_layers.append(canvas_layer(ind))
    return "\n".join(yaml) + "\n", lottie(name, lottie_layers, assets)


def ui_cards():
    return cards("ui-cards", fade=True)


def cards_clip():
    return cards("cards-clip", fade=False)


# ---------------------------------------------------------------- scene 2: shapes

def shapes():
    """60 flat layers, no sublayers, no masks, no groups: every other one
    bordered (opaque layer, translucent colours), the others fading; all move,
    some turn or grow. Measures raw rounded-rect fill and border cost."""
    yaml = [yaml_header("shapes", """
1080p flat motion: 60 rounded rects in a 10x6 grid moving across the frame.
Even ones have a 4 px translucent border over a translucent fill; odd ones
have no border and fade (one fill, so no group is needed). Every third one
turns up to 45 degrees, others grow to 1.3x.""")]
    lottie_layers = []
    ind = 1
    for i in range(60):
        row, col = divmod(i, 10)
        w, h = 120 + (i * 37) % 140, 80 + (i * 53) % 100
        r = 12 + (i * 7) % 29
        p0 = (110 + col * 190, 110 + row * 172)
        p1 = (p0[0] + r3(160 * math.cos(i * 0.61)), p0[1] + r3(120 * math.sin(i * 0.83)))
        rgb = PALETTE[(i * 3) % len(PALETTE)]
        bg_a = 0xB3 / 255
        bordered = i % 2 == 0
        bw, border_rgb, border_a = 4, (255, 255, 255), 0x80 / 255
        turn = (45 if i % 2 else -45) if i % 3 == 0 else 0
        grow = i % 4 == 1 and not turn
        yaml += [
            f"  - name: shape{i}",
            f"    bounds: [0, 0, {w}, {h}]",
            f"    position: {pt(p0)}",
            f"    cornerRadius: {r}",
            f'    backgroundColor: "{hexa(rgb, bg_a)}"',
        ]
        if bordered:
            yaml += [f"    borderWidth: {bw}", f'    borderColor: "{hexa(border_rgb, border_a)}"']
        yaml += ["    animations:", "      - " + anim("position", pt(p0), pt(p1), HALF, AUTOREV)]
        if not bordered:
            yaml.append("      - " + anim("opacity", 1, 0.2, HALF, AUTOREV))
        if turn:
            yaml.append("      - " + anim("transform.rotation.z", "0deg", f"{turn}deg", HALF, AUTOREV))
        if grow:
            yaml.append("      - " + anim("transform.scale", 1, 1.3, HALF, AUTOREV))
        items = [background_shapes(w, h, r, rgb, bg_a)]
        if bordered:
            items.insert(0, border_shapes(w, h, r, bw, border_rgb, border_a))
        ks = transform([w / 2, h / 2], there_and_back([p0[0], p0[1], 0], [p1[0], p1[1], 0]),
                       rotation=there_and_back(0, turn) if turn else None,
                       scale=there_and_back([100, 100, 100], [130, 130, 100]) if grow else None,
                       opacity=None if bordered else there_and_back(100, 20))
        lottie_layers.append(shape_layer(ind, f"shape{i}", ks, items))
        ind += 1
    lottie_layers.reverse()
    lottie_layers.append(canvas_layer(ind))
    return "\n".join(yaml) + "\n", lottie("shapes", lottie_layers)


def main():
    os.makedirs(os.path.join(HERE, "scenes"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "lottie"), exist_ok=True)
    for name, make in [("shapes", shapes), ("cards-clip", cards_clip), ("ui-cards", ui_cards)]:
        yaml, lot = make()
        with open(os.path.join(HERE, "scenes", name + ".yaml"), "w") as f:
            f.write(yaml)
        with open(os.path.join(HERE, "lottie", name + ".json"), "w") as f:
            json.dump(lot, f, separators=(",", ":"))
            f.write("\n")


if __name__ == "__main__":
    main()
